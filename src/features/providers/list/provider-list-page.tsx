/**
 * The provider lists (spec §2): /providers (all), /providers/healthcare (with an NPI) and
 * /providers/non-healthcare (without), each with its search scope and empty states. They
 * read the local database; while a new device's first download runs, the server answers
 * the pages and the search instead (issue 28, use-list-answer.ts), with the download's
 * progress shown. A spinner shows until the first rows are there, and the spec §8 errors
 * show where a local read or the first download genuinely fails.
 */
import { Button } from '@chakra-ui/react';
import { memo, useCallback, useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LuPlus, LuUpload } from 'react-icons/lu';
import { ActiveFilters } from '../../../components/list/active-filters.tsx';
import { CopyNote } from '../../../components/list/copy-note.tsx';
import { ListFailed, ListLoading } from '../../../components/list/list-status-panel.tsx';
import { SearchCard } from '../../../components/list/search-card.tsx';
import { useFailureToast } from '../../../components/list/use-failure-toast.ts';
import { VirtualTable, type ListColumn } from '../../../components/list/virtual-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListAnswer } from '../../../lib/list/use-list-answer.ts';
import { useListSearch } from '../../../lib/list/use-list-search.ts';
import { useUrlFilters } from '../../../lib/list/use-url-filters.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { providerListDefinition } from '../data/provider-list-definition.ts';
import { useProviderList } from '../data/use-provider-list.ts';
import { manageProviderPath } from '../model/manage-route.ts';
import { activeCheckLabels, PROVIDER_LIST_FILTERS, providerCheckPredicate } from '../model/provider-checks.ts';
import { ADD_PROVIDER_LABEL, FIND_PROVIDERS_TITLE, LIST_TITLES, PROVIDER_LIST_COLUMNS } from '../model/provider-texts.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { IMPORT_PATH, LIST_PATHS, TYPE_SELECTION_PATH } from './list-paths.ts';
import { ListScopeNav } from './list-scope-nav.tsx';
import { countSummary, LIST_DESCRIPTIONS, listFailureMessage, SEARCH_HINTS, SEARCH_PLACEHOLDERS } from './list-texts.ts';
import { ProviderListEmpty } from './provider-list-empty.tsx';
import { PROVIDER_GRID, ProviderRow, ROW_HEIGHT } from './provider-row.tsx';

/** Provider, NPI, Specialty (from lg), Status, PECOS, Actions. */
const COLUMNS: readonly ListColumn[] = PROVIDER_LIST_COLUMNS.map((label) => ({ label, end: label === 'Actions', fromLg: label === 'Specialty' }));

export function ProviderListPage({ scope }: { scope: ProviderSearchScope }) {
  const navigate = useNavigate();
  const list = useProviderList(scope);
  const online = useSyncStore((state) => state.online);
  // Each list keeps its search while the user opens a provider and comes back.
  const [search, setSearch] = useListSearch(`providers:${scope}`);
  // ?pecos=, ?part_b=, ?nppes= (the dashboard's figures link here with them).
  const [checks] = useUrlFilters(PROVIDER_LIST_FILTERS);
  const filter = useMemo(() => providerCheckPredicate(checks, Date.now()), [checks]);
  const filterLabels = useMemo(() => activeCheckLabels(checks), [checks]);
  const filterControl = useMemo(() => <ActiveFilters labels={filterLabels} clearTo={LIST_PATHS[scope]} />, [filterLabels, scope]);
  const { rows, shown, total, searching, view, copy, loadMore } = useListAnswer(list, providerListDefinition, scope, search, filter);
  const open = useCallback((id: string) => navigate(manageProviderPath(id)), [navigate]);
  const failureMessage = useCallback((failure: 'fetch' | 'unexpected') => listFailureMessage(scope, failure), [scope]);
  useFailureToast(view.failure, failureMessage);

  let content;
  switch (view.display.kind) {
    case 'failed':
      content = <ListFailed message={listFailureMessage(scope, view.display.failure).description} onRetry={list.retry} testId="provider-list-error" />;
      break;
    case 'loading':
      content = (
        <ListLoading
          testId="provider-list-loading"
          label={
            view.display.waitingForFirstSync
              ? online
                ? 'Downloading providers to this device…'
                : 'Providers download to this device once it is back online.'
              : 'Loading providers…'
          }
        />
      );
      break;
    case 'empty':
      content = <ProviderListEmpty scope={scope} searching={search.trim() !== '' || filter !== null} />;
      break;
    case 'table':
      content = (
        <VirtualTable
          rows={rows}
          label={LIST_TITLES[scope]}
          columns={COLUMNS}
          grid={PROVIDER_GRID}
          Row={ProviderRow}
          rowHeight={ROW_HEIGHT}
          onOpen={open}
          resetKey={`${scope}:${filterLabels.join()}:${search}`}
          testId="provider"
          onEndReached={loadMore}
        />
      );
  }

  return (
    <>
      <ListHeading scope={scope} />
      <SearchCard
        title={FIND_PROVIDERS_TITLE}
        label="Search providers"
        value={search}
        onChange={setSearch}
        placeholder={SEARCH_PLACEHOLDERS[scope]}
        hint={SEARCH_HINTS[scope]}
        summary={view.showCount ? countSummary(shown, total, searching) : null}
        countTestId="provider-count"
        filters={filterControl}
      />
      <CopyNote copy={copy} testId="provider-list-copy" />
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
          <>
            <Button asChild size="sm" variant="outline">
              <RouterLink to={IMPORT_PATH}>
                <LuUpload aria-hidden /> Import NPIs
              </RouterLink>
            </Button>
            <Button asChild size="sm">
              <RouterLink to={TYPE_SELECTION_PATH}>
                <LuPlus aria-hidden /> {ADD_PROVIDER_LABEL}
              </RouterLink>
            </Button>
          </>
        }
      />
      <ListScopeNav scope={scope} />
    </>
  );
});

export function ProvidersPage() {
  return <ProviderListPage scope="all" />;
}

export function HealthcareProvidersPage() {
  return <ProviderListPage scope="healthcare" />;
}

export function NonHealthcareProvidersPage() {
  return <ProviderListPage scope="non_healthcare" />;
}
