/**
 * The provider lists (spec §2): /providers (all), /providers/healthcare (with an NPI) and
 * /providers/non-healthcare (without), each with its search scope and empty states. They
 * read only the local database; a spinner shows until the first rows are there (or, on a
 * fresh device, until the first download has brought some), and the spec §8 errors show
 * where a local read or the first download genuinely fails.
 */
import { Button } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LuPlus } from 'react-icons/lu';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { useProviderList } from '../data/use-provider-list.ts';
import { manageProviderPath } from '../model/manage-route.ts';
import { ADD_PROVIDER_LABEL, LIST_TITLES } from '../model/provider-texts.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { showToast } from '../shared/show-toast.ts';
import { TYPE_SELECTION_PATH } from './list-paths.ts';
import { ListScopeNav } from './list-scope-nav.tsx';
import { ListFailed, ListLoading } from './list-status-panel.tsx';
import { countSummary, LIST_DESCRIPTIONS, listFailureMessage, SEARCH_HINTS, SEARCH_PLACEHOLDERS } from './list-texts.ts';
import { ProviderListEmpty } from './provider-list-empty.tsx';
import { ProviderSearchCard } from './provider-search-card.tsx';
import { ProviderTable } from './provider-table.tsx';
import { useListRows } from './use-list-rows.ts';

/** Each list keeps its search while the user opens a provider and comes back. */
const lastSearch: Partial<Record<ProviderSearchScope, string>> = {};

export function ProviderListPage({ scope }: { scope: ProviderSearchScope }) {
  const navigate = useNavigate();
  const list = useProviderList(scope);
  const online = useSyncStore((state) => state.online);
  const [search, setSearchState] = useState(() => lastSearch[scope] ?? '');
  const setSearch = useCallback(
    (value: string) => {
      lastSearch[scope] = value;
      setSearchState(value);
    },
    [scope],
  );
  const { rows, total } = useListRows(list, scope, search);
  const searching = search.trim() !== '';
  const open = useCallback((id: string) => navigate(manageProviderPath(id)), [navigate]);

  const failure = list.phase === 'error' ? list.failure : list.syncFailed && total === 0 ? 'fetch' : null;
  useFailureToast(scope, failure);

  // Rows to show: the index, or the first page while it is built (also after a later failure).
  const hasData = list.index !== null || list.phase === 'first-rows';
  // On a fresh device an empty list means "not downloaded yet", not "no providers".
  const waitingForFirstSync = hasData && total === 0 && !list.firstSyncDone && !list.syncFailed;
  const loading = (!hasData && list.phase === 'loading') || waitingForFirstSync;

  let content;
  if (failure && !hasData) {
    content = <ListFailed message={listFailureMessage(scope, failure).description} onRetry={list.retry} />;
  } else if (loading) {
    content = (
      <ListLoading
        label={
          waitingForFirstSync
            ? online
              ? 'Downloading providers to this device…'
              : 'Providers download to this device once it is back online.'
            : 'Loading providers…'
        }
      />
    );
  } else if (failure && total === 0) {
    content = <ListFailed message={listFailureMessage(scope, failure).description} onRetry={list.retry} />;
  } else if (rows.length === 0) {
    content = <ProviderListEmpty scope={scope} searching={searching} />;
  } else {
    content = <ProviderTable rows={rows} label={LIST_TITLES[scope]} onOpen={open} resetKey={`${scope}:${search}`} />;
  }

  return (
    <>
      <ListHeading scope={scope} />
      <ProviderSearchCard
        value={search}
        onChange={setSearch}
        placeholder={SEARCH_PLACEHOLDERS[scope]}
        hint={SEARCH_HINTS[scope]}
        summary={loading || (failure && total === 0) ? null : countSummary(rows.length, total, searching)}
      />
      {content}
    </>
  );
}

/** Title, description, Add Provider and the list switch: memoized, so a keystroke does not re-render them. */
const ListHeading = memo(function ListHeading({ scope }: { scope: ProviderSearchScope }) {
  return (
    <>
      <PageHeader
        title={LIST_TITLES[scope]}
        description={LIST_DESCRIPTIONS[scope]}
        actions={
          <Button asChild size="sm">
            <RouterLink to={TYPE_SELECTION_PATH}>
              <LuPlus aria-hidden /> {ADD_PROVIDER_LABEL}
            </RouterLink>
          </Button>
        }
      />
      <ListScopeNav scope={scope} />
    </>
  );
});

/** The spec §8 toast of a list failure, once per failure. */
function useFailureToast(scope: ProviderSearchScope, failure: 'fetch' | 'unexpected' | null): void {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!failure) {
      shown.current = null;
      return;
    }
    if (shown.current === failure) return;
    shown.current = failure;
    showToast(listFailureMessage(scope, failure));
  }, [scope, failure]);
}

export function ProvidersPage() {
  return <ProviderListPage scope="all" />;
}

export function HealthcareProvidersPage() {
  return <ProviderListPage scope="healthcare" />;
}

export function NonHealthcareProvidersPage() {
  return <ProviderListPage scope="non_healthcare" />;
}
