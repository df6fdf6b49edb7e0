/**
 * A patient's orders on the patient page (issues 26 and 31): newest first, each with its
 * requisition number (opening the order), when it was collected, its tests and its status,
 * from this device's protected database (offline too). The app's route composes it into
 * PatientPage's slot, because the patients feature does not import orders.
 */
import { Button, Card, HStack, Link, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { LocalDatabase } from '../../../db/index.ts';
import { useProtectedRecords } from '../data/use-entry-data.ts';
import { OrderStatusBadges } from './order-status-badges.tsx';
import { formatListDateTime } from '../../../lib/format/date.ts';

export const PATIENT_ORDERS_TITLE = 'Orders';
export const NO_PATIENT_ORDERS = 'No orders for this patient yet.';

function testNames(tests: unknown): string {
  if (!Array.isArray(tests)) return '';
  return tests
    .filter((test): test is { name?: unknown; code?: unknown; declined?: unknown } => typeof test === 'object' && test !== null && test.declined !== true)
    .map((test) => String(test.name ?? test.code ?? ''))
    .filter(Boolean)
    .join(', ');
}

export function PatientOrdersCard({ db, patientId }: { db: LocalDatabase; patientId: string }) {
  const records = useProtectedRecords(db);
  const orders = useMemo(
    () => records.orders.filter((order) => order.patient_id === patientId).sort((a, b) => (b.collected_at ?? b.created_at).localeCompare(a.collected_at ?? a.created_at)),
    [records.orders, patientId],
  );
  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="patient-orders-title" data-testid="patient-orders">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Card.Title id="patient-orders-title">{PATIENT_ORDERS_TITLE}</Card.Title>
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/orders/entry">
              <LuPlus aria-hidden /> New order
            </RouterLink>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        {records.status === 'loading' ? (
          <Text color="fg.muted">Reading the orders on this device…</Text>
        ) : orders.length === 0 ? (
          <Text color="fg.muted">{NO_PATIENT_ORDERS}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Requisition</Table.ColumnHeader>
                  <Table.ColumnHeader>Collected</Table.ColumnHeader>
                  <Table.ColumnHeader>Tests</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {orders.map((order) => (
                  <Table.Row key={order.id} data-testid="patient-order">
                    <Table.Cell>
                      <Link asChild fontWeight="medium">
                        <RouterLink to={`/orders/${order.id}`}>{order.requisition_number}</RouterLink>
                      </Link>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatListDateTime(order.collected_at ?? order.created_at)}</Table.Cell>
                    <Table.Cell>{testNames(order.tests)}</Table.Cell>
                    <Table.Cell>
                      <OrderStatusBadges status={order.status} priority={order.priority} waiting={order.local_dirty} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
