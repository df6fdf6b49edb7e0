/**
 * A provider list's empty state (spec §2): with a search active it suggests another search;
 * with no providers at all it invites adding one, with the Add Provider button.
 */
import { LuUsersRound } from 'react-icons/lu';
import { ListEmpty } from '../../../components/list/list-empty.tsx';
import { ADD_PROVIDER_LABEL, emptyState } from '../model/provider-texts.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { TYPE_SELECTION_PATH } from './list-paths.ts';

export function ProviderListEmpty({ scope, searching }: { scope: ProviderSearchScope; searching: boolean }) {
  const text = emptyState(scope, searching);
  return (
    <ListEmpty
      title={text.title}
      description={text.description}
      searching={searching}
      icon={<LuUsersRound />}
      add={text.showAddButton ? { label: ADD_PROVIDER_LABEL, to: TYPE_SELECTION_PATH } : null}
      testId="provider-list-empty"
    />
  );
}
