/**
 * The /manage/delegates child: the Provider Delegates card. The card belongs to the
 * provider-relations feature; the app passes it in (features do not import each other).
 */
import { useManagedProvider, type ProviderSlot } from './manage-context.ts';

export function ProviderDelegatesTab({ delegatesSlot: DelegatesSlot }: { delegatesSlot: ProviderSlot }) {
  const provider = useManagedProvider();
  return <DelegatesSlot provider={provider} />;
}
