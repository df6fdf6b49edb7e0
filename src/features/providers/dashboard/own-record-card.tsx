/**
 * A provider's own login on the dashboard (issue 27): where their record stands with the
 * registries — PECOS, Medicare ordering, NPPES — in the words the directory uses, with a
 * link to their page. (Their orders and unread results join the dashboard with orders.)
 */
import { Button, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FigureCard } from '../../../components/dashboard/figure-card.tsx';
import type { ProviderDoc } from '../../../db/index.ts';
import { providerDisplayName } from '../../../lib/provider/provider-name.ts';
import { CHECK_LABELS, matchesNppes, matchesPecos } from '../model/provider-checks.ts';
import { MEDICARE_ORDERING_LABELS, medicareLabOrdering, pecosStatus } from '../model/pecos-status.ts';

/** The lines the card shows for a record, in order. */
export function ownRecordLines(provider: Readonly<ProviderDoc>, now: number): string[] {
  const pecos = pecosStatus(provider);
  const lines = [`${pecos.label} (${pecos.lastVerified})`, MEDICARE_ORDERING_LABELS[medicareLabOrdering(provider)]];
  if (matchesPecos(provider, 'stale', now)) lines.push(CHECK_LABELS.pecos.stale);
  if (matchesNppes(provider, 'deactivated', now)) lines.push(CHECK_LABELS.nppes.deactivated);
  else if (matchesNppes(provider, 'stale', now)) lines.push(CHECK_LABELS.nppes.stale);
  return lines;
}

export function OwnRecordCard({ provider, to }: { provider: Readonly<ProviderDoc>; to: string }) {
  return (
    <FigureCard title="Your provider record" description={providerDisplayName(provider)} testId="dashboard-own-record">
      {ownRecordLines(provider, Date.now()).map((line) => (
        <Text key={line} fontSize="sm">
          {line}
        </Text>
      ))}
      <Button asChild size="sm" variant="outline" alignSelf="flex-start">
        <RouterLink to={to}>Open your record</RouterLink>
      </Button>
    </FigureCard>
  );
}
