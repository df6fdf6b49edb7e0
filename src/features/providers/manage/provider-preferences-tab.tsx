/** The Preferences tab (/manage/preferences): the Provider Preferences card (its form comes with issue 7). */
import { providerFullName } from '../../../lib/provider/provider-name.ts';
import { CardSlot } from './card-slot.tsx';
import { useManagedProvider, type ProviderSlot } from './manage-context.ts';

export function ProviderPreferencesTab({ preferencesSlot: PreferencesSlot }: { preferencesSlot?: ProviderSlot } = {}) {
  const provider = useManagedProvider();
  if (PreferencesSlot) return <PreferencesSlot provider={provider} />;
  return (
    <CardSlot
      title="Provider Preferences"
      testId="provider-preferences-card"
      what={`How lab results reach ${providerFullName(provider) || 'this provider'} (email, fax, in-app and the report format) will be set here.`}
    />
  );
}
