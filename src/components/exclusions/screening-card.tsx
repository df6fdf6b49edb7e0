/**
 * The OIG exclusion screening of a provider or an organization on its page (issue 33): the
 * outcome of the last screening (not on the list, a possible match to review, excluded with
 * its type and date), when it was screened and the date of the list it used, read from the
 * record's row (synced, so it shows offline), and for staff "Screen now", which asks the
 * server to screen this record against the current list at once.
 */
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { EXCLUSION_TEXTS, matchLine, SCREENING_STATUS_LABELS, screenedLine, screeningStatus, screeningTone, standingMatches, type ScreenedKind } from '../../lib/exclusions/screening-texts.ts';
import { screenRecord } from '../../lib/functions/exclusion-review.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { showToast } from '../show-toast.ts';

export interface ScreenedRow {
  id: string;
  exclusion_status?: string | null;
  exclusion_screened_at?: string | null;
  exclusion_list_date?: string | null;
  exclusion_data?: unknown;
}

export interface ScreeningCardProps {
  kind: ScreenedKind;
  record: Readonly<ScreenedRow>;
  /** Staff screen now; a provider's own login only reads. */
  canScreen: boolean;
}

export function ScreeningCard({ kind, record, canScreen }: ScreeningCardProps) {
  const online = useSyncStore((state) => state.online);
  const [busy, setBusy] = useState(false);
  const status = screeningStatus(record.exclusion_status);
  const matches = standingMatches(record.exclusion_data);
  const titleId = `${kind}-screening-title`;

  const screen = async () => {
    setBusy(true);
    const { supabase } = await import('../../lib/supabase.ts');
    const answer = await screenRecord(supabase, kind === 'provider' ? { provider_id: record.id } : { organization_id: record.id });
    setBusy(false);
    if (!answer.ok) showToast({ title: EXCLUSION_TEXTS.screenFailed, description: answer.message, type: 'error' });
    else showToast({ title: EXCLUSION_TEXTS.screened, description: SCREENING_STATUS_LABELS[answer.data.status], type: answer.data.status === 'clear' ? 'success' : 'warning' });
  };

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby={titleId} mb="6">
      <Card.Body>
        <HStack justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text as="h2" fontWeight="semibold" id={titleId}>
                Exclusion screening
              </Text>
              <Badge variant="surface" colorPalette={screeningTone(status)} data-testid="exclusion-status">
                {SCREENING_STATUS_LABELS[status]}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted" data-testid="exclusion-screened">
              {screenedLine(record.exclusion_screened_at, record.exclusion_list_date, kind)}
            </Text>
            {matches.map((match, index) => (
              <Text key={index} fontSize="sm">
                {matchLine(match)}
              </Text>
            ))}
          </Stack>
          {canScreen && (
            <Button size="sm" variant="outline" loading={busy} disabled={!online} onClick={() => void screen()} title={online ? undefined : 'Screening needs a connection.'}>
              {EXCLUSION_TEXTS.screenNow}
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
