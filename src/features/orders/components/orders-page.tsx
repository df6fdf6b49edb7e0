/**
 * /orders (issue 31): the orders on this device, newest first, on the one list machinery for
 * protected records (data/order-list-source.ts: read and opened once after unlock into an
 * in-memory index kept current from the change streams), searched by requisition number,
 * patient and provider, filtered by status, organization, provider, date and STAT from the
 * URL (src/lib/list's URL filters), virtualized so 100,000 orders scroll; each row is a link
 * to its order. An order not yet on the server says "Waiting to send". The app's route wraps
 * it in the protected data's gate.
 */
import { Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { defineColumns } from '../../../components/list/link-list-columns.ts';
import { VirtualLinkList } from '../../../components/list/virtual-link-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { useListSearch } from '../../../lib/list/use-list-search.ts';
import { useUrlFilters } from '../../../lib/list/use-url-filters.ts';
import { useOrderList } from '../data/order-list-source.ts';
import { useActiveOrganizations } from '../data/use-entry-data.ts';
import { ORDER_FILTERS, orderFilterPredicate, orderTime, type OrderListFilters, type OrderListRow } from '../model/order-list.ts';
import { ORDER_STATUSES, ORDER_TEXT, STATUS_LABELS } from '../model/order-texts.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { OrderStatusBadges } from './order-status-badges.tsx';
import { DateTimeCell } from '../../../components/list/date-time-cell.tsx';

const COLUMNS = defineColumns({
  requisition: { label: 'Requisition', flex: 1.1 },
  patient: { label: 'Patient', flex: 1.6 },
  // On a tablet (below lg) the provider goes under the patient's name.
  provider: { label: 'Provider', flex: 1.4, fromLg: true },
  collected: { label: 'Collected', flex: 1.1, fromMd: true },
  status: { label: 'Status', flex: 1.8 },
});
const orderPath = (row: OrderListRow) => `/orders/${row.id}`;

/** An order's cells (plain markup, link-list.css: every visible row renders per keystroke). */
const OrderCells = memo(function OrderCells({ row }: { row: OrderListRow }) {
  return (
    <>
      <div className="ll-cell ll-strong ll-truncate" style={COLUMNS.style.requisition}>
        {row.requisition_number}
      </div>
      <div className="ll-cell" style={COLUMNS.style.patient}>
        <div className="ll-clamp2">{row.patientName}</div>
        <div className="ll-muted ll-truncate">
          {row.patientId}
          <span className="ll-below-lg"> · {row.providerName}</span>
        </div>
      </div>
      <div className="ll-cell ll-from-lg ll-truncate" style={COLUMNS.style.provider}>
        {row.providerName}
      </div>
      <div className="ll-cell ll-from-md ll-sm" style={COLUMNS.style.collected}>
        <DateTimeCell iso={orderTime(row)} />
      </div>
      <div className="ll-cell" style={COLUMNS.style.status}>
        <OrderStatusBadges status={row.status} priority={row.priority} waiting={row.waiting} />
      </div>
    </>
  );
});

export function OrdersHeader() {
  return (
    <PageHeader
      title={ORDER_TEXT.listTitle}
      description="Laboratory orders entered on this device or synced to it."
      actions={
        <Button asChild colorPalette="brand">
          <RouterLink to="/orders/entry">New order</RouterLink>
        </Button>
      }
    />
  );
}

/** The filter selects: memoized, so a keystroke in the search does not re-render them. */
const OrderFilters = memo(function OrderFilters({
  filters,
  setFilter,
  organizations,
  providers,
}: {
  filters: OrderListFilters;
  setFilter: (name: keyof OrderListFilters, value: string) => void;
  organizations: ReadonlyArray<{ value: string; label: string }>;
  providers: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <>
      <SelectField
        label="Status"
        value={filters.status}
        options={[{ value: 'all', label: 'All statuses' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))]}
        onChange={(value) => setFilter('status', value)}
      />
      <SelectField label="Organization" value={filters.organization} placeholder="All organizations" options={organizations} onChange={(value) => setFilter('organization', value)} />
      <SelectField label="Provider" value={filters.provider} placeholder="All providers" options={providers} onChange={(value) => setFilter('provider', value)} />
      <Field label="Collection date">
        <Input type="date" value={filters.date} onChange={(event) => setFilter('date', event.currentTarget.value)} />
      </Field>
      <SelectField
        label="Priority"
        value={filters.priority}
        options={[
          { value: 'all', label: 'Routine and STAT' },
          { value: 'stat', label: 'STAT only' },
        ]}
        onChange={(value) => setFilter('priority', value)}
      />
    </>
  );
});

export function OrdersList({ db }: { db: LocalDatabase }) {
  const list = useOrderList(db);
  const organizations = useActiveOrganizations();
  const [filters, setFilter] = useUrlFilters(ORDER_FILTERS);
  // Not written to the URL on every keystroke: a navigation per key dropped keys typed fast.
  // Not deferred: the keystroke's own render shows its answer (one scan of the in-memory index).
  const [search, setSearch] = useListSearch('orders');
  const organizationOptions = useMemo(
    () => (organizations.status === 'ready' ? organizations.value : []).map((organization) => ({ value: organization.id, label: organization.legal_name })),
    [organizations],
  );
  const { index, version } = list;
  // The providers the orders name, for the Provider filter.
  const providerOptions = useMemo(() => {
    const names = new Map<string, string>();
    for (const row of index?.rows() ?? []) if (!names.has(row.provider_id)) names.set(row.provider_id, row.providerName);
    return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
    // The index changes in place: its version says when.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, version]);
  const filter = useMemo(() => orderFilterPredicate(filters), [filters]);
  const shown = useMemo(() => {
    if (!index) return [];
    return index.query(search, filter);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, version, search, filter]);

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field label="Search orders">
          <Input type="search" value={search} placeholder="Requisition number, patient or provider" autoComplete="off" onChange={(event) => setSearch(event.target.value)} />
        </Field>
        <OrderFilters filters={filters} setFilter={setFilter} organizations={organizationOptions} providers={providerOptions} />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" role="status" data-testid="order-count">
        {!index ? (list.phase === 'error' ? 'The orders on this device could not be read.' : 'Reading the orders on this device…') : `${shown.length} of ${index.size} orders`}
      </Text>
      {index && shown.length === 0 && (
        <Text color="fg.muted" py="6" textAlign="center">
          {index.size === 0 ? 'No orders on this device yet.' : 'No orders match this search and these filters.'}
        </Text>
      )}
      {index && shown.length > 0 && (
        <VirtualLinkList
          rows={shown}
          label={ORDER_TEXT.listTitle}
          columns={COLUMNS.list}
          href={orderPath}
          Cells={OrderCells}
          rowTestId="order-row"
          resetKey={`${search}:${JSON.stringify(filters)}`}
          rowHeight={60}
        />
      )}
    </Stack>
  );
}
