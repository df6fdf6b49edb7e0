/**
 * A provider's name as headings, breadcrumbs and toasts show it (spec §2): 'First Last',
 * plus ', credential' when there is one; lists sorted by family name show 'Last, First,
 * credential'. The credential is written one way (written-name.ts: "M.D." reads "MD").
 */
import { writtenCredential } from './written-name.ts';

export interface NamedProvider {
  first_name?: string | null;
  last_name?: string | null;
  credential?: string | null;
}

const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function providerFullName(provider: NamedProvider): string {
  return [provider.first_name, provider.last_name]
    .map(trimmed)
    .filter((part) => part !== '')
    .join(' ');
}

export function providerDisplayName(provider: NamedProvider): string {
  const name = providerFullName(provider);
  const credential = writtenCredential(provider.credential);
  if (!credential) return name;
  return name ? `${name}, ${credential}` : credential;
}

/** 'Last, First, MD' where lists and pickers sort by family name. */
export function providerListName(provider: NamedProvider | Readonly<Record<string, unknown>>): string {
  const named = provider as NamedProvider;
  const name = [trimmed(named.last_name), trimmed(named.first_name)].filter((part) => part !== '').join(', ');
  const credential = writtenCredential(trimmed(named.credential));
  return credential ? `${name}, ${credential}` : name;
}
