/**
 * The provider's alerts on the manage page (issue 33): the shared card
 * (components/alerts/record-alerts-card.tsx); staff acknowledge, a provider's own login reads.
 */
import { RecordAlertsCard } from '../../../components/alerts/record-alerts-card.tsx';
import { selectIsProviderOnly, useSessionStore } from '../../../stores/session-store.ts';

export function ProviderAlertsCard({ providerId }: { providerId: string }) {
  const providerOnly = useSessionStore(selectIsProviderOnly);
  return <RecordAlertsCard filter={{ providerId }} canAcknowledge={!providerOnly} openText="what the registries said since the last check." />;
}
