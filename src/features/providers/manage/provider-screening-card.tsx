/**
 * The provider's OIG exclusion screening on the manage page (issue 33): the outcome of the
 * last screening (not on the list, a possible match to review, excluded with its type and
 * date), when it was screened and the date of the list it used, read from the provider row
 * (synced, so it shows offline), and for staff "Screen now", which asks the server to screen
 * this provider against the current list at once.
 */
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ProviderDoc } from '../../../db/index.ts';
import { showToast } from '../../../components/show-toast.ts';
import { EXCLUSION_TEXTS, SCREENING_STATUS_LABELS, screenedLine, screeningStatus, screeningTone } from '../../../lib/exclusions/screening-texts.ts';
import { screenProvider } from '../../../lib/functions/exclusion-review.ts';
import { selectIsProviderOnly, useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';

interface MatchFacts {
  basis?: string;
  status?: string;
  name?: string;
  state?: string;
  excl_type?: string;
  excl_date?: string | null;
}

function standingMatches(data: unknown): MatchFacts[] {
  const matches = (data as { matches?: unknown } | null)?.matches;
  return Array.isArray(matches) ? (matches as MatchFacts[]) : [];
}

function matchLine(match: MatchFacts): string {
  const how = match.basis === 'npi' ? 'By NPI' : 'By name and state';
  const what = match.status === 'confirmed' ? 'excluded' : 'possible match';
  return `${how}: ${match.name ?? 'unnamed entry'}${match.state ? ` (${match.state})` : ''}, ${what}, ${match.excl_type || 'type not given'}, excluded ${match.excl_date ?? 'on a date not given'}.`;
}

export function ProviderScreeningCard({ provider }: { provider: Readonly<ProviderDoc> }) {
  const providerOnly = useSessionStore(selectIsProviderOnly);
  const online = useSyncStore((state) => state.online);
  const [busy, setBusy] = useState(false);
  const status = screeningStatus(provider.exclusion_status);
  const matches = standingMatches(provider.exclusion_data);

  const screen = async () => {
    setBusy(true);
    const { supabase } = await import('../../../lib/supabase.ts');
    const answer = await screenProvider(supabase, provider.id);
    setBusy(false);
    if (!answer.ok) showToast({ title: EXCLUSION_TEXTS.screenFailed, description: answer.message, type: 'error' });
    else showToast({ title: EXCLUSION_TEXTS.screened, description: SCREENING_STATUS_LABELS[answer.data.status], type: answer.data.status === 'clear' ? 'success' : 'warning' });
  };

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="provider-screening-title" mb="6">
      <Card.Body>
        <HStack justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text as="h2" fontWeight="semibold" id="provider-screening-title">
                Exclusion screening
              </Text>
              <Badge variant="surface" colorPalette={screeningTone(status)} data-testid="exclusion-status">
                {SCREENING_STATUS_LABELS[status]}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted" data-testid="exclusion-screened">
              {screenedLine(provider.exclusion_screened_at, provider.exclusion_list_date)}
            </Text>
            {matches.map((match, index) => (
              <Text key={index} fontSize="sm">
                {matchLine(match)}
              </Text>
            ))}
          </Stack>
          {!providerOnly && (
            <Button size="sm" variant="outline" loading={busy} disabled={!online} onClick={() => void screen()} title={online ? undefined : 'Screening needs a connection.'}>
              {EXCLUSION_TEXTS.screenNow}
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
