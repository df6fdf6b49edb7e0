/**
 * A provider's name as headings, breadcrumbs and toasts show it (spec §2): 'First Last',
 * plus ', credential' when there is one.
 */

export interface NamedProvider {
  first_name?: string | null;
  last_name?: string | null;
  credential?: string | null;
}

export function providerFullName(provider: NamedProvider): string {
  return [provider.first_name, provider.last_name]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}

export function providerDisplayName(provider: NamedProvider): string {
  const name = providerFullName(provider);
  const credential = provider.credential?.trim();
  if (!credential) return name;
  return name ? `${name}, ${credential}` : credential;
}
