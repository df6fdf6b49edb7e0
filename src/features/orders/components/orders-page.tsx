/**
 * /orders (issue 31): the orders on this device, newest first, searched by requisition
 * number, patient and provider, filtered by status, organization, provider, date and STAT
 * from the URL (src/lib/list's URL filters). An order not yet on the server says "Waiting
 * to send". The app's route wraps it in the protected data's gate.
 */
import { Button, Input, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { LocalDatabase } from '../../../db/index.ts';
import { useListSearch } from '../../../lib/list/use-list-search.ts';
import { useUrlFilters } from '../../../lib/list/use-url-filters.ts';
import { useActiveOrganizations, useProtectedRecords } from '../data/use-entry-data.ts';
import { useProviderNames } from '../../../lib/local-data/use-provider-names.ts';
import { abnAwaitsSignature, filterOrders, ORDER_FILTERS, type OrderListRow } from '../model/order-list.ts';
import { ORDER_STATUSES, ORDER_TEXT, STATUS_LABELS } from '../model/order-texts.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { OrderStatusBadges } from './order-status-badges.tsx';

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

export function OrdersList({ db }: { db: LocalDatabase }) {
  const records = useProtectedRecords(db);
  const organizations = useActiveOrganizations();
  const providerNames = useProviderNames(records.orders.map((order) => order.provider_id));
  const [filters, setFilter] = useUrlFilters(ORDER_FILTERS);
  // Not written to the URL on every keystroke: a navigation per key dropped keys typed fast.
  const [search, setSearch] = useListSearch('orders');
  const organizationNames = useMemo(
    () => new Map((organizations.status === 'ready' ? organizations.value : []).map((organization) => [organization.id, organization.legal_name])),
    [organizations],
  );
  const rows = useMemo<OrderListRow[]>(() => {
    const patients = new Map(records.patients.map((patient) => [patient.id, patient]));
    return records.orders.map((order) => {
      const patient = patients.get(order.patient_id);
      const provider = providerNames.get(order.provider_id);
      return {
        id: order.id,
        requisition_number: order.requisition_number,
        status: order.status,
        priority: order.priority,
        organization_id: order.organization_id,
        provider_id: order.provider_id,
        collected_at: order.collected_at,
        created_at: order.created_at,
        patientName: patient ? `${patient.last_name}, ${patient.first_name}` : 'Unknown patient',
        patientId: patient?.lab_patient_id ?? '',
        providerName: provider?.name ?? 'Unknown provider',
        providerNpi: provider?.npi ?? '',
        organizationName: organizationNames.get(order.organization_id) ?? '',
        waiting: order.local_dirty,
        abnUnsigned: order.status !== 'cancelled' && abnAwaitsSignature(order.abn),
      };
    });
  }, [records, providerNames, organizationNames]);
  const shown = filterOrders(rows, filters, search);

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field label="Search orders">
          <Input
            type="search"
            value={search}
            placeholder="Requisition number, patient or provider"
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <SelectField
          label="Status"
          value={filters.status}
          options={[{ value: 'all', label: 'All statuses' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))]}
          onChange={(value) => setFilter('status', value)}
        />
        <SelectField
          label="Organization"
          value={filters.organization}
          placeholder="All organizations"
          options={[...organizationNames].map(([id, name]) => ({ value: id, label: name }))}
          onChange={(value) => setFilter('organization', value)}
        />
        <SelectField
          label="Provider"
          value={filters.provider}
          placeholder="All providers"
          options={[...providerNames].map(([id, provider]) => ({ value: id, label: provider.name }))}
          onChange={(value) => setFilter('provider', value)}
        />
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
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" role="status" data-testid="order-count">
        {records.status === 'loading' ? 'Reading the orders on this device…' : `${shown.length} of ${rows.length} orders`}
      </Text>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Requisition</Table.ColumnHeader>
              <Table.ColumnHeader>Patient</Table.ColumnHeader>
              <Table.ColumnHeader>Provider</Table.ColumnHeader>
              <Table.ColumnHeader>Collected</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((row) => (
              <Table.Row key={row.id} data-testid="order-row">
                <Table.Cell>
                  <Link asChild fontWeight="medium">
                    <RouterLink to={`/orders/${row.id}`}>{row.requisition_number}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{row.patientName}</Table.Cell>
                <Table.Cell>{row.providerName}</Table.Cell>
                <Table.Cell>{(row.collected_at ?? row.created_at).slice(0, 16).replace('T', ' ')}</Table.Cell>
                <Table.Cell>
                  <OrderStatusBadges status={row.status} priority={row.priority} waiting={row.waiting} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
