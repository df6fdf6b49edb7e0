/**
 * The provider's alerts on the manage page (issue 33): what the scheduled re-verification
 * and exclusion screening found, open ones first; staff acknowledge them here. Shown only
 * when the provider has alerts.
 */
import { Card } from '@chakra-ui/react';
import { AlertList } from '../../../components/alerts/alert-list.tsx';
import { useAlerts } from '../../../lib/alerts/alert-data.ts';
import { selectIsProviderOnly, useSessionStore } from '../../../stores/session-store.ts';

export function ProviderAlertsCard({ providerId }: { providerId: string }) {
  const live = useAlerts({ providerId });
  const providerOnly = useSessionStore(selectIsProviderOnly);
  if (live.status !== 'ready' || live.value.length === 0) return null;
  const open = live.value.filter((alert) => !alert.acknowledged_at).length;
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="provider-alerts-title" mb="6">
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md" id="provider-alerts-title">
          Alerts
        </Card.Title>
        <Card.Description>
          {open === 0 ? 'All acknowledged.' : `${open} open: what the registries said since the last check.`}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <AlertList alerts={live.value} canAcknowledge={!providerOnly} />
      </Card.Body>
    </Card.Root>
  );
}
