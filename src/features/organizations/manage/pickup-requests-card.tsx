/**
 * Extra pickups (issue 24): staff ask the courier for one (date, time window, number of
 * specimens, transport temperature, note); the requests of the organization are listed,
 * the open ones first, and an open one can be cancelled until it is collected. The shared
 * rules refuse a past date, a window that ends before it starts and a count out of range.
 */
import { Badge, Button, Card, HStack, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { showToast } from '../../../components/show-toast.ts';
import { Field } from '../../../components/ui/field.tsx';
import type { PickupRequestDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { pickupRequestProblems, TRANSPORT_TEMPERATURE_LABELS, TRANSPORT_TEMPERATURES, type PickupRequestInput } from '../../../lib/organization/rules.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { closePickupRequest, requestPickup } from '../data/organization-writes.ts';
import { formatListDate, formatTimeWindow } from '../../../lib/format/date.ts';

const today = () => new Date().toISOString().slice(0, 10);
const EMPTY = { pickup_date: '', window_start: '', window_end: '', specimen_count: '', transport_temperature: 'ambient', note: '' };

function usePickupRequests(organizationId: string): Array<Readonly<PickupRequestDoc>> {
  const db = useLocalDatabase();
  const [requests, setRequests] = useState<Array<Readonly<PickupRequestDoc>>>([]);
  useEffect(() => {
    if (!db) return undefined;
    const subscription = db.pickup_requests.find({ selector: { organization_id: organizationId } }).$.subscribe((docs) =>
      setRequests(docs.map((doc) => doc.toJSON() as Readonly<PickupRequestDoc>).sort((a, b) => (a.status === 'requested' ? 0 : 1) - (b.status === 'requested' ? 0 : 1) || b.pickup_date.localeCompare(a.pickup_date))),
    );
    return () => subscription.unsubscribe();
  }, [db, organizationId]);
  return requests;
}

export function PickupRequestsCard({ organizationId }: { organizationId: string }) {
  const db = useLocalDatabase();
  const user = useSessionStore(selectKnownUser);
  const requests = usePickupRequests(organizationId);
  const [form, setForm] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof PickupRequestInput, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const input: PickupRequestInput = { pickup_date: form.pickup_date, window_start: form.window_start, window_end: form.window_end, specimen_count: Number(form.specimen_count), transport_temperature: form.transport_temperature };
    const note = form.note.trim() === '' ? null : form.note.trim();
    const found = pickupRequestProblems(input, today());
    setProblems(found);
    if (Object.keys(found).length > 0 || !db) return;
    setBusy(true);
    const outcome = await requestPickup(db, organizationId, { ...input, note }, user?.id ?? null, { timeoutMs: 3_000 });
    setBusy(false);
    if (outcome === 'failed') return showToast({ title: 'Error', description: 'Failed to ask for the pickup', type: 'error' });
    showToast({ title: 'Pickup requested', description: `The courier is asked to collect on ${formatListDate(input.pickup_date)}, ${formatTimeWindow(input.window_start, input.window_end)}.`, type: 'success' });
    setForm(EMPTY);
  };

  const cancel = async (request: Readonly<PickupRequestDoc>) => {
    if (!db) return;
    const outcome = await closePickupRequest(db, request, 'cancelled', { timeoutMs: 3_000 });
    showToast(outcome === 'failed' ? { title: 'Error', description: 'Failed to cancel the pickup request', type: 'error' } : { title: 'Pickup cancelled', description: `The pickup of ${formatListDate(request.pickup_date)} is cancelled.`, type: 'success' });
  };

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));

  return (
    <Card.Root variant="outline" bg="bg.panel" as="section" aria-labelledby="pickup-requests-title">
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md" id="pickup-requests-title">
          Extra pickups
        </Card.Title>
        <Card.Description>Ask the courier for a pickup outside the schedule; it can be cancelled until it is collected.</Card.Description>
      </Card.Header>
      <Card.Body gap="5">
        {/* Two fields a row on a tablet, three on a laptop, one line on a wide screen where
            the temperature keeps its whole words ("Ambient (room temperature)"). */}
        <SimpleGrid
          templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', '2xl': 'repeat(4, minmax(0, 1fr)) minmax(16rem, 1.6fr) minmax(0, 1.4fr)' }}
          gap="3"
          alignItems="end"
        >
          <Field label="Pickup date" invalid={!!problems.pickup_date} errorText={problems.pickup_date}>
            <Input type="date" value={form.pickup_date} onChange={set('pickup_date')} min={today()} />
          </Field>
          <Field label="From" invalid={!!problems.window_start} errorText={problems.window_start}>
            <Input type="time" value={form.window_start} onChange={set('window_start')} />
          </Field>
          <Field label="To" invalid={!!problems.window_end} errorText={problems.window_end}>
            <Input type="time" value={form.window_end} onChange={set('window_end')} />
          </Field>
          <Field label="Specimens" invalid={!!problems.specimen_count} errorText={problems.specimen_count}>
            <Input type="number" min={1} value={form.specimen_count} onChange={set('specimen_count')} />
          </Field>
          <Field label="Transport temperature" invalid={!!problems.transport_temperature} errorText={problems.transport_temperature}>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.transport_temperature} onChange={set('transport_temperature')}>
                {TRANSPORT_TEMPERATURES.map((value) => (
                  <option key={value} value={value}>
                    {TRANSPORT_TEMPERATURE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>
          <Field label="Note">
            <Input value={form.note} onChange={set('note')} />
          </Field>
        </SimpleGrid>
        <HStack justify="flex-end">
          <Button onClick={() => void submit()} loading={busy}>
            Request Pickup
          </Button>
        </HStack>
        {requests.length === 0 ? (
          <Text color="fg.muted">No extra pickups asked for.</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label="Pickup requests">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Window</Table.ColumnHeader>
                  <Table.ColumnHeader>Specimens</Table.ColumnHeader>
                  <Table.ColumnHeader>Temperature</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {requests.map((request) => (
                  <Table.Row key={request.id}>
                    <Table.Cell>
                      <Stack gap="0">
                        <Text>{formatListDate(request.pickup_date)}</Text>
                        {request.note && (
                          <Text fontSize="xs" color="fg.muted">
                            {request.note}
                          </Text>
                        )}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>{formatTimeWindow(request.window_start, request.window_end)}</Table.Cell>
                    <Table.Cell>{request.specimen_count}</Table.Cell>
                    <Table.Cell>{TRANSPORT_TEMPERATURE_LABELS[request.transport_temperature as keyof typeof TRANSPORT_TEMPERATURE_LABELS] ?? request.transport_temperature}</Table.Cell>
                    <Table.Cell>
                      <Badge variant="subtle" colorPalette={request.status === 'requested' ? 'blue' : request.status === 'collected' ? 'green' : 'gray'}>
                        {request.status === 'requested' ? 'Requested' : request.status === 'collected' ? 'Collected' : 'Cancelled'}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {request.status === 'requested' && (
                        <Button size="xs" variant="outline" onClick={() => void cancel(request)}>
                          Cancel
                        </Button>
                      )}
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
