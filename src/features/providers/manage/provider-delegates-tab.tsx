/** The /manage/delegates child: the Provider Delegates card (its list and dialog come with issue 7). */
import { providerFullName } from '../../../lib/provider/provider-name.ts';
import { CardSlot } from './card-slot.tsx';
import { useManagedProvider, type ProviderSlot } from './manage-context.ts';

export function ProviderDelegatesTab({ delegatesSlot: DelegatesSlot }: { delegatesSlot?: ProviderSlot } = {}) {
  const provider = useManagedProvider();
  if (DelegatesSlot) return <DelegatesSlot provider={provider} />;
  return (
    <CardSlot
      title="Provider Delegates"
      testId="provider-delegates-card"
      what={`The staff who may order tests or view results on behalf of ${providerFullName(provider) || 'this provider'} will be listed and added here.`}
    />
  );
}
