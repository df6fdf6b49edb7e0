/** The Dates section (spec §2, §5): each date as 'MMMM d, yyyy', 'Not available', or the raw value. */
import { Card } from '@chakra-ui/react';
import type { ProviderDoc } from '../../../db/index.ts';
import { formatDetailDate } from '../../../lib/format/date.ts';
import { nppesLastUpdated } from '../../../lib/provider/nppes.ts';
import { DATES_SECTION_LABELS } from '../model/provider-texts.ts';
import { DetailList } from './detail-list.tsx';

export function ProviderDatesCard({ provider }: { provider: Readonly<ProviderDoc> }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="provider-dates">
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          Dates
        </Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <DetailList
          items={[
            { label: DATES_SECTION_LABELS.created, value: formatDetailDate(provider.created_at) },
            { label: DATES_SECTION_LABELS.nppesRefresh, value: formatDetailDate(nppesLastUpdated(provider.nppes_data)) },
            { label: DATES_SECTION_LABELS.updated, value: formatDetailDate(provider.updated_at) },
          ]}
        />
      </Card.Body>
    </Card.Root>
  );
}
