/** Switches between the three provider lists (all, healthcare, non-healthcare). */
import { ScopeNav } from '../../../components/list/scope-nav.tsx';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { LIST_PATHS } from './list-paths.ts';

const ITEMS = [
  { key: 'all', label: 'All providers', to: LIST_PATHS.all },
  { key: 'healthcare', label: 'Healthcare', to: LIST_PATHS.healthcare },
  { key: 'non_healthcare', label: 'Non-healthcare', to: LIST_PATHS.non_healthcare },
] as const;

export function ListScopeNav({ scope }: { scope: ProviderSearchScope }) {
  return <ScopeNav items={ITEMS} current={scope} label="Provider lists" />;
}
