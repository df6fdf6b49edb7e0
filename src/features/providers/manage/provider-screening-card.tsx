/**
 * The provider's OIG exclusion screening on the manage page (issue 33): the shared card
 * (components/exclusions/screening-card.tsx); staff screen now, a provider's own login reads.
 */
import { ScreeningCard } from '../../../components/exclusions/screening-card.tsx';
import type { ProviderDoc } from '../../../db/index.ts';
import { selectIsProviderOnly, useSessionStore } from '../../../stores/session-store.ts';

export function ProviderScreeningCard({ provider }: { provider: Readonly<ProviderDoc> }) {
  const providerOnly = useSessionStore(selectIsProviderOnly);
  return <ScreeningCard kind="provider" record={provider} canScreen={!providerOnly} />;
}
