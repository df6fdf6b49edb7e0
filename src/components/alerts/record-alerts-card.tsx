/**
 * One provider's or organization's alerts on its page (issue 33): what the scheduled
 * re-verification and exclusion screening found, open ones first; staff acknowledge (or,
 * for a possible exclusion match, decide) them here. Shown only when there are alerts.
 */
import { Card } from '@chakra-ui/react';
import { useAlerts, type AlertFilter } from '../../lib/alerts/alert-data.ts';
import { AlertList } from './alert-list.tsx';

export interface RecordAlertsCardProps {
  filter: Pick<AlertFilter, 'providerId' | 'organizationId'>;
  canAcknowledge: boolean;
  /** What the open ones are, after their count ("2 open: …"). */
  openText: string;
}

export function RecordAlertsCard({ filter, canAcknowledge, openText }: RecordAlertsCardProps) {
  const live = useAlerts(filter);
  if (live.status !== 'ready' || live.value.length === 0) return null;
  const open = live.value.filter((alert) => !alert.acknowledged_at).length;
  const titleId = filter.organizationId ? 'organization-alerts-title' : 'provider-alerts-title';
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby={titleId} mb="6">
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md" id={titleId}>
          Alerts
        </Card.Title>
        <Card.Description>{open === 0 ? 'All acknowledged.' : `${open} open: ${openText}`}</Card.Description>
      </Card.Header>
      <Card.Body>
        <AlertList alerts={live.value} canAcknowledge={canAcknowledge} />
      </Card.Body>
    </Card.Root>
  );
}
