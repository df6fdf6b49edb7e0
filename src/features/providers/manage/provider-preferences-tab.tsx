/**
 * The Preferences tab (/manage/preferences): the Provider Preferences card. The card belongs
 * to the provider-relations feature; the app passes it in (features do not import each other).
 */
import { useManagedProvider, type ProviderSlot } from './manage-context.ts';

export function ProviderPreferencesTab({ preferencesSlot: PreferencesSlot }: { preferencesSlot: ProviderSlot }) {
  const provider = useManagedProvider();
  return <PreferencesSlot provider={provider} />;
}
