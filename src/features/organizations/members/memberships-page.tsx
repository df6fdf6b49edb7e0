/**
 * /organization-memberships and /organizations/members (spec §2, issue 24): every
 * provider–organization membership in the directory, from local data, searchable (provider
 * name, NPI, organization) and filterable by organization, provider and active; deactivate
 * (soft: the row stays) and reactivate with the shared membership writes. The filters live
 * in the URL (?organization=, ?provider=, ?status=), so the People tab and others can link
 * to a filtered list. A row opens the provider.
 */
import { HStack, NativeSelect, SegmentGroup, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LuLink } from 'react-icons/lu';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ListEmpty } from '../../../components/list/list-empty.tsx';
import { ListFailed, ListLoading } from '../../../components/list/list-status-panel.tsx';
import { SearchCard } from '../../../components/list/search-card.tsx';
import { VirtualTable, type ListColumn } from '../../../components/list/virtual-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showToast } from '../../../components/show-toast.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import {
  filterMemberships,
  membershipCount,
  MEMBERSHIPS_DESCRIPTION,
  MEMBERSHIPS_TITLE,
  NO_MATCHING_MEMBERSHIPS,
  NO_MATCHING_MEMBERSHIPS_HINT,
  NO_MEMBERSHIPS_YET,
  type ActiveFilter,
  type MembershipEntry,
} from '../../../lib/membership/membership-directory.ts';
import {
  MEMBERSHIPS_LOAD_FAILED,
  REACTIVATE_MEMBERSHIP_FAILED,
  REACTIVATE_MEMBERSHIP_SUCCESS,
  REMOVE_MEMBERSHIP_FAILED,
  REMOVE_MEMBERSHIP_SUCCESS,
} from '../../../lib/membership/membership-rules.ts';
import { setMembershipActive } from '../../../lib/membership/membership-writes.ts';
import { providerManagePath } from '../../../lib/provider/provider-paths.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useAllMemberships } from '../data/use-all-memberships.ts';
import { MEMBERSHIP_GRID, MembershipActionsContext, MembershipRow } from './membership-row.tsx';

const COLUMNS: readonly ListColumn[] = [{ label: 'Provider' }, { label: 'Organization' }, { label: 'Status' }, { label: 'Actions', end: true, hiddenLabel: true }];
const ACTIVE_VALUES: readonly ActiveFilter[] = ['all', 'active', 'inactive'];
const ACTIVE_LABELS: Readonly<Record<ActiveFilter, string>> = { all: 'All', active: 'Active', inactive: 'Inactive' };

export function MembershipsPage() {
  const navigate = useNavigate();
  const db = useLocalDatabase();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const directory = useAllMemberships();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [busyId, setBusyId] = useState<string | null>(null);
  const organizationId = params.get('organization');
  const providerId = params.get('provider');
  const statusParam = params.get('status');
  const active: ActiveFilter = statusParam === 'active' || statusParam === 'inactive' ? statusParam : 'all';
  const failed = directory.status === 'error';
  useEffect(() => {
    if (failed) showToast(MEMBERSHIPS_LOAD_FAILED);
  }, [failed]);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const entries = directory.status === 'ready' ? directory.value.entries : null;
  const rows = useMemo(() => (entries ? filterMemberships(entries, { search, organizationId, providerId, active }) : []), [entries, search, organizationId, providerId, active]);
  const providers = useMemo(() => {
    const byId = new Map<string, string>();
    for (const entry of entries ?? []) byId.set(entry.provider.id, entry.providerName);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [entries]);

  const setActive = useCallback(
    async (entry: MembershipEntry, next: boolean) => {
      if (!db) return;
      setBusyId(entry.id);
      const outcome = await setMembershipActive(db, entry.id, next, userId);
      setBusyId(null);
      if (outcome === 'failed') showToast(next ? REACTIVATE_MEMBERSHIP_FAILED : REMOVE_MEMBERSHIP_FAILED);
      else showToast(next ? REACTIVATE_MEMBERSHIP_SUCCESS : REMOVE_MEMBERSHIP_SUCCESS);
    },
    [db, userId],
  );
  const actions = useMemo(() => ({ busyId, setActive: (entry: MembershipEntry, next: boolean) => void setActive(entry, next) }), [busyId, setActive]);
  const open = useCallback((id: string) => {
    const entry = entries?.find((candidate) => candidate.id === id);
    if (entry) navigate(providerManagePath(entry.provider.id));
  }, [entries, navigate]);

  const filtering = search.trim() !== '' || !!organizationId || !!providerId || active !== 'all';
  const filters = (
    <HStack mt="3" gap="4" wrap="wrap" align="flex-end">
      <FilterSelect label="Organization" value={organizationId ?? ''} onChange={(value) => setParam('organization', value)} options={(directory.status === 'ready' ? directory.value.organizations : []).map((organization) => [organization.id, organization.legal_name])} all="All organizations" />
      <FilterSelect label="Provider" value={providerId ?? ''} onChange={(value) => setParam('provider', value)} options={providers} all="All providers" />
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted" id="membership-status-filter">
          Status
        </Text>
        <SegmentGroup.Root size="xs" value={active} aria-labelledby="membership-status-filter" onValueChange={(details) => setParam('status', details.value === 'all' ? null : details.value)}>
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={ACTIVE_VALUES.map((value) => ({ value, label: ACTIVE_LABELS[value] }))} />
        </SegmentGroup.Root>
      </HStack>
    </HStack>
  );

  let content;
  if (failed) content = <ListFailed message={MEMBERSHIPS_LOAD_FAILED.description} onRetry={() => window.location.reload()} testId="membership-list-error" />;
  else if (!entries) content = <ListLoading label="Loading memberships…" testId="membership-list-loading" />;
  else if (rows.length === 0)
    content = (
      <ListEmpty
        title={filtering ? NO_MATCHING_MEMBERSHIPS : NO_MEMBERSHIPS_YET}
        description={filtering ? NO_MATCHING_MEMBERSHIPS_HINT : 'Memberships appear here when a provider is added to an organization.'}
        searching={filtering}
        icon={<LuLink />}
        testId="membership-list-empty"
      />
    );
  else
    content = (
      <MembershipActionsContext.Provider value={actions}>
        <VirtualTable rows={rows} label={MEMBERSHIPS_TITLE} columns={COLUMNS} grid={MEMBERSHIP_GRID} Row={MembershipRow} onOpen={open} resetKey={`${search}:${organizationId}:${providerId}:${active}`} testId="membership" />
      </MembershipActionsContext.Provider>
    );

  return (
    <>
      <PageHeader title={MEMBERSHIPS_TITLE} description={MEMBERSHIPS_DESCRIPTION} />
      <SearchCard
        title="Find Memberships"
        label="Search memberships"
        value={search}
        onChange={setSearch}
        placeholder="Provider name, NPI or organization"
        hint="Matches the provider's name and NPI and the organization's legal name."
        summary={entries ? membershipCount(rows.length, entries.length) : null}
        countTestId="membership-count"
        filters={filters}
      />
      {content}
    </>
  );
}

function FilterSelect({ label, value, onChange, options, all }: { label: string; value: string; onChange: (value: string | null) => void; options: ReadonlyArray<readonly [string, string]>; all: string }) {
  return (
    <label>
      <Text as="span" display="block" fontSize="sm" color="fg.muted" mb="1">
        {label}
      </Text>
      <NativeSelect.Root size="sm" w={{ base: '100%', md: '64' }}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value || null)}>
          <option value="">{all}</option>
          {options.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </label>
  );
}
