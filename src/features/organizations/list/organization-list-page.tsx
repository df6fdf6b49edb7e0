/**
 * The organization lists (spec §2): /organizations (every organization), and
 * /organizations/healthcare, /non-healthcare and /sole-proprietor (the same page with that
 * type), sorted by legal name, searched live by legal name, DBA name, NPI, account number
 * and city. The status filter (?status=active|inactive) and a search (?q=) come from the
 * URL, so the dashboard can link to a filtered list. The shared list machinery does the
 * rest (src/lib/list): local data (the server's pages while a new device's first download
 * runs, issue 28), the first page saved for the next visit, the index kept current from
 * the change stream, a virtualized table.
 */
import { Button, HStack, SegmentGroup, Text } from '@chakra-ui/react';
import { memo, useCallback, useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LuBuilding2, LuPlus } from 'react-icons/lu';
import { ActiveFilters } from '../../../components/list/active-filters.tsx';
import { CopyNote } from '../../../components/list/copy-note.tsx';
import { ListEmpty } from '../../../components/list/list-empty.tsx';
import { ListFailed, ListLoading } from '../../../components/list/list-status-panel.tsx';
import { ScopeNav } from '../../../components/list/scope-nav.tsx';
import { SearchCard } from '../../../components/list/search-card.tsx';
import { useFailureToast } from '../../../components/list/use-failure-toast.ts';
import { VirtualTable, type ListColumn } from '../../../components/list/virtual-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useList } from '../../../lib/list/use-list.ts';
import { useListAnswer } from '../../../lib/list/use-list-answer.ts';
import { useListSearch } from '../../../lib/list/use-list-search.ts';
import { useUrlFilters } from '../../../lib/list/use-url-filters.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { useActiveMemberCounts } from '../data/member-counts.ts';
import { usePickupsToday } from '../data/pickups-today.ts';
import { organizationListDefinition, type ListOrganization } from '../data/organization-list-definition.ts';
import { ORGANIZATION_LIST_FILTERS, PICKUP_TODAY_LABEL, STATUS_VALUES, WITHOUT_PROVIDER_LABEL, type StatusFilter } from '../model/organization-list-filters.ts';
import { LIST_PATHS, manageOrganizationPath, ORGANIZATION_PATHS } from '../model/organization-paths.ts';
import {
  ADD_ORGANIZATION_LABEL,
  FIND_ORGANIZATIONS_TITLE,
  LIST_DESCRIPTIONS,
  LIST_TITLES,
  listFailureMessage,
  organizationCount,
  organizationEmptyState,
  ORGANIZATION_LIST_COLUMNS,
  ORGANIZATION_SCOPES,
  ORGANIZATION_SEARCH_HINT,
  ORGANIZATION_SEARCH_PLACEHOLDER,
  SCOPE_LABELS,
  type OrganizationScope,
} from '../model/organization-texts.ts';
import { MemberCountsContext, ORGANIZATION_GRID, OrganizationRow } from './organization-row.tsx';

const COLUMNS: readonly ListColumn[] = ORGANIZATION_LIST_COLUMNS.map((label) => ({
  label,
  fromLg: label === 'NPI' || label === 'City/State',
  end: label === 'Active providers',
}));

const STATUS_LABELS: Readonly<Record<StatusFilter, string>> = { all: 'Any status', active: 'Active', inactive: 'Inactive' };

const NAV_ITEMS = ORGANIZATION_SCOPES.map((scope) => ({ key: scope, label: SCOPE_LABELS[scope], to: LIST_PATHS[scope] }));

export function OrganizationListPage({ scope: pathScope }: { scope: OrganizationScope }) {
  const navigate = useNavigate();
  const [filters, setFilter] = useUrlFilters(ORGANIZATION_LIST_FILTERS);
  const scope = pathScope === 'all' ? filters.type : pathScope;
  const list = useList(organizationListDefinition, scope);
  const online = useSyncStore((state) => state.online);
  const [search, setSearch] = useListSearch(`organizations:${scope}`);
  const { status, providers, pickup } = filters;
  const counts = useActiveMemberCounts();
  const pickups = usePickupsToday().counts;
  const filter = useMemo(() => {
    if (status === 'all' && providers === 'any' && pickup === 'any') return null;
    return (row: ListOrganization) =>
      (status === 'all' || row.is_active === (status === 'active')) &&
      (providers === 'any' || !counts.get(row.id)) &&
      (pickup === 'any' || (pickups.get(row.id) ?? 0) > 0);
    // The counts matter only to the filters that read them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, providers, pickup, providers === 'none' ? counts : null, pickup === 'today' ? pickups : null]);
  const { rows, shown, total, searching: countSearching, view, copy, loadMore } = useListAnswer(list, organizationListDefinition, scope, search, filter);
  const searching = search.trim() !== '';
  const narrowed = searching || status !== 'all' || providers !== 'any' || pickup !== 'any';
  const filterLabels = useMemo(
    () => [...(providers === 'none' ? [WITHOUT_PROVIDER_LABEL] : []), ...(pickup === 'today' ? [PICKUP_TODAY_LABEL] : [])],
    [providers, pickup],
  );
  const open = useCallback((id: string) => navigate(manageOrganizationPath(id)), [navigate]);
  useFailureToast(view.failure, listFailureMessage);
  const statusControl = useMemo(
    () => (
      <>
        <StatusFilterControl value={status} onChange={(value) => setFilter('status', value)} />
        <ActiveFilters labels={filterLabels} clearTo={LIST_PATHS[scope]} />
      </>
    ),
    [status, setFilter, filterLabels, scope],
  );

  let content;
  switch (view.display.kind) {
    case 'failed':
      content = <ListFailed message={listFailureMessage(view.display.failure).description} onRetry={list.retry} testId="organization-list-error" />;
      break;
    case 'loading':
      content = (
        <ListLoading
          testId="organization-list-loading"
          label={
            view.display.waitingForFirstSync
              ? online
                ? 'Downloading organizations to this device…'
                : 'Organizations download to this device once it is back online.'
              : 'Loading organizations…'
          }
        />
      );
      break;
    case 'empty': {
      const text = organizationEmptyState(scope, narrowed);
      content = (
        <ListEmpty
          title={text.title}
          description={text.description}
          searching={narrowed}
          icon={<LuBuilding2 />}
          add={text.showAddButton ? { label: ADD_ORGANIZATION_LABEL, to: ORGANIZATION_PATHS.typeSelection } : null}
          testId="organization-list-empty"
        />
      );
      break;
    }
    case 'table':
      content = (
        <MemberCountsContext.Provider value={copy.kind === 'complete' ? counts : null}>
          <VirtualTable
            rows={rows}
            label={LIST_TITLES[scope]}
            columns={COLUMNS}
            grid={ORGANIZATION_GRID}
            Row={OrganizationRow}
            onOpen={open}
            resetKey={`${scope}:${status}:${filterLabels.join()}:${search}`}
            testId="organization"
            onEndReached={loadMore}
          />
        </MemberCountsContext.Provider>
      );
  }

  return (
    <>
      <ListHeading scope={scope} />
      <SearchCard
        title={FIND_ORGANIZATIONS_TITLE}
        label="Search organizations"
        value={search}
        onChange={setSearch}
        placeholder={ORGANIZATION_SEARCH_PLACEHOLDER}
        hint={ORGANIZATION_SEARCH_HINT}
        summary={view.showCount ? organizationCount(shown, total, countSearching) : null}
        countTestId="organization-count"
        filters={statusControl}
      />
      <CopyNote copy={copy} testId="organization-list-copy" />
      {content}
    </>
  );
}

/** Title, description, Add Organization and the type switch: memoized, so a keystroke does not re-render them. */
const ListHeading = memo(function ListHeading({ scope }: { scope: OrganizationScope }) {
  return (
    <>
      <PageHeader
        title={LIST_TITLES[scope]}
        description={LIST_DESCRIPTIONS[scope]}
        actions={
          <Button asChild size="sm">
            <RouterLink to={ORGANIZATION_PATHS.typeSelection}>
              <LuPlus aria-hidden /> {ADD_ORGANIZATION_LABEL}
            </RouterLink>
          </Button>
        }
      />
      <ScopeNav items={NAV_ITEMS} current={scope} label="Organization types" />
    </>
  );
});

function StatusFilterControl({ value, onChange }: { value: StatusFilter; onChange: (value: StatusFilter) => void }) {
  return (
    <HStack mt="3" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" id="organization-status-filter">
        Status
      </Text>
      <SegmentGroup.Root
        size="xs"
        value={value}
        aria-labelledby="organization-status-filter"
        onValueChange={(details) => onChange((details.value ?? 'all') as StatusFilter)}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={STATUS_VALUES.map((item) => ({ value: item, label: STATUS_LABELS[item] }))} />
      </SegmentGroup.Root>
    </HStack>
  );
}

export function OrganizationsPage() {
  return <OrganizationListPage scope="all" />;
}

export function HealthcareOrganizationsPage() {
  return <OrganizationListPage scope="healthcare" />;
}

export function NonHealthcareOrganizationsPage() {
  return <OrganizationListPage scope="non_healthcare" />;
}

export function SoleProprietorsPage() {
  return <OrganizationListPage scope="sole_proprietor" />;
}
