/**
 * /orders/{id} (issue 31): one order as entered (patient, provider, billing, tests with
 * their Medicare verdict and modifier, answers, diagnoses, collection, ABN), whether it is
 * still waiting to send, the server's own Medicare verdict and where it disagrees, its
 * delivery to the laboratory (issue 32: lab-delivery-panel.tsx), and cancelling with a
 * reason until the laboratory received it; a standing order's series (standing-series-panel.tsx).
 * Its opening is logged. Under it, what other parts show of the order (its results, its
 * activity), composed by the app's route into `extras`.
 */
import { Alert, Badge, Box, Button, Card, DataList, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { LocalDatabase, OrderDoc } from '../../../db/index.ts';
import { loadDataLayer } from '../data/data-layer.ts';
import { cancelOrder } from '../data/save-order.ts';
import { useProtectedRecords } from '../data/use-entry-data.ts';
import { useOrder } from '../data/use-order.ts';
import { useProviderNames } from '../../../lib/local-data/use-provider-names.ts';
import { LabDeliveryPanel } from './lab-delivery-panel.tsx';
import { StandingSeriesPanel } from './standing-series-panel.tsx';
import type { OrderAnswer, OrderTestEntry } from '../model/order-draft.ts';
import { otherDisagreements, outOfDateText, verdictChanges, type ServerCheck } from '../model/server-verdict.ts';
import { orderFasting, withoutFastingAnswers } from '../../../lib/lab/order-verdict.ts';
import { AbnScanField } from './abn-scan-field.tsx';
import { OrderDocumentsBar } from './order-documents-bar.tsx';
import { ABN_OPTION_LABELS, BILLING_LABELS, NECESSITY_LABELS, ORDER_TEXT, STATUS_LABELS, STATUS_PALETTE, type OrderStatus } from '../model/order-texts.ts';
import { formatDetailDate, formatDetailDateTime } from '../../../lib/format/date.ts';

/**
 * Cancelling: one quiet button until asked for; then the reason (required, focused) with
 * the destructive button beside a way back, so a reason field never sits on the page
 * looking required when nobody is cancelling.
 */
function CancelForm({ db, id }: { db: LocalDatabase; id: string }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <HStack>
        <Button variant="outline" onClick={() => setAsking(true)}>
          {ORDER_TEXT.cancelStart}
        </Button>
      </HStack>
    );
  }
  return (
    <Stack as="form" gap="2" maxW="xl" onSubmit={(event) => {
      event.preventDefault();
      if (reason.trim() === '') return;
      setBusy(true);
      cancelOrder(db, id, reason)
        .then(() => toast({ title: ORDER_TEXT.cancelled, variant: 'success' }))
        .catch((error: unknown) => toast({ title: 'Error', description: error instanceof Error ? error.message : ORDER_TEXT.saveFailed, variant: 'destructive' }))
        .finally(() => setBusy(false));
    }}>
      <Field label={ORDER_TEXT.cancelReason} required>
        {/* Focus goes where the work continues: the reason asked for. */}
        <Input value={reason} onChange={(event) => setReason(event.currentTarget.value)} maxLength={500} autoFocus />
      </Field>
      <HStack>
        <Button type="submit" colorPalette="red" disabled={reason.trim() === '' || busy}>
          {ORDER_TEXT.cancel}
        </Button>
        <Button variant="ghost" onClick={() => { setAsking(false); setReason(''); }} disabled={busy}>
          {ORDER_TEXT.keepOrder}
        </Button>
      </HStack>
    </Stack>
  );
}

export type OrderSlot = ComponentType<{ order: Readonly<OrderDoc>; db: LocalDatabase }>;

export function OrderDetail({ db, extras: Extras }: { db: LocalDatabase; extras?: OrderSlot }) {
  const { id = '' } = useParams();
  const one = useOrder(db, id);
  const order = one.order;
  // The patient and the series' other orders: shared, and read already when coming from entry or the list.
  const records = useProtectedRecords(db);
  const patient = order ? (records.patient(order.patient_id) ?? undefined) : undefined;
  const provider = useProviderNames(order ? [order.provider_id] : []).get(order?.provider_id ?? '');
  useEffect(() => {
    if (order) void loadDataLayer().then((data) => data.recordOpening('orders', order.id, order.patient_id));
    // One opening per order shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order?.id]);

  if (one.status === 'loading') return <Text role="status">Reading the order…</Text>;
  if (one.status === 'error') return <Text>The order could not be read on this device.</Text>;
  if (!order) return <Text>This order is not on this device.</Text>;
  const status = order.status as OrderStatus;
  // Orders also arrive from the server and other devices: read their documents defensively.
  const tests = (Array.isArray(order.tests) ? order.tests : []) as unknown as Array<Partial<OrderTestEntry> & Pick<OrderTestEntry, 'code'>>;
  // The fasting question's answer is the order's fasting fact, shown once with the collection.
  const answers = withoutFastingAnswers((Array.isArray(order.answers) ? order.answers : []) as unknown as OrderAnswer[]);
  const fasting = orderFasting({ fasting: order.fasting, answers: (Array.isArray(order.answers) ? order.answers : []) as unknown as OrderAnswer[] });
  const diagnoses = order.diagnoses as unknown as string[];
  const abn = order.abn as { option: 1 | 2 | 3; signature: string; tests: string[] } | null;
  const check = order.server_check as ServerCheck | null;
  const verdict = verdictChanges({ tests, abn, server_check: check, medicare_check: order.medicare_check as { eligibility?: { status: string } | null } | null });
  const others = otherDisagreements(check);
  const outOfDate = outOfDateText(verdict.outOfDate);

  return (
    <Stack gap="4" maxW="5xl">
      <PageHeader
        title={`Order ${order.requisition_number}`}
        description={patient ? `${patient.last_name}, ${patient.first_name} · born ${formatDetailDate(patient.date_of_birth)} · ${patient.lab_patient_id}` : undefined}
      />
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} size="lg">
          {STATUS_LABELS[status] ?? order.status}
        </Badge>
        {order.priority === 'stat' && <Badge colorPalette="red" size="lg">STAT</Badge>}
        <Badge colorPalette={order.local_dirty ? 'orange' : 'green'} size="lg" data-testid="order-sync-state">
          {order.local_dirty ? ORDER_TEXT.waitingToSend : ORDER_TEXT.sent}
        </Badge>
      </HStack>
      {patient && <OrderDocumentsBar order={order} patient={patient} provider={provider?.doc ?? null} />}
      {order.cancel_reason && <Text>Cancelled: {order.cancel_reason}</Text>}
      <LabDeliveryPanel db={db} order={order} patient={patient} />
      <StandingSeriesPanel db={db} order={order} orders={records.orders} />
      {verdict.changes.length + others.length > 0 && (
        <Alert.Root status="warning" data-testid="order-server-verdict">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The laboratory’s Medicare check differs</Alert.Title>
            {[...verdict.changes, ...others].map((text) => (
              <Alert.Description key={text}>{text}</Alert.Description>
            ))}
            {outOfDate && (
              <Alert.Description fontWeight="semibold" data-testid="order-out-of-date">
                {outOfDate}
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root variant="outline" bg="bg.panel">
        <Card.Body>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Provider</DataList.ItemLabel>
              <DataList.ItemValue>{provider ? `${provider.name} · NPI ${provider.npi || 'none'}` : order.provider_id}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Billing</DataList.ItemLabel>
              <DataList.ItemValue>
                {BILLING_LABELS[order.billing as keyof typeof BILLING_LABELS] ?? order.billing}
                {order.coverage_rank ? ` (${order.coverage_rank} coverage)` : ''}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Diagnoses</DataList.ItemLabel>
              <DataList.ItemValue>{diagnoses.join(', ') || 'None'}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Collected</DataList.ItemLabel>
              <DataList.ItemValue>
                {formatDetailDateTime(order.collected_at, 'Not yet')}
                {order.collected_by ? ` by ${order.collected_by}` : ''}
                {fasting === null ? '' : fasting ? ' · fasting' : ' · not fasting'}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>ABN</DataList.ItemLabel>
              <DataList.ItemValue>{abn ? `${ABN_OPTION_LABELS[abn.option]} · ${abn.signature} · for ${abn.tests.join(', ')}` : 'None'}</DataList.ItemValue>
            </DataList.Item>
            {order.comments && (
              <DataList.Item>
                <DataList.ItemLabel>Comments</DataList.ItemLabel>
                <DataList.ItemValue>{order.comments}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Tests">
        {tests.map((test) => (
          <Box as="li" key={test.code} borderWidth="1px" borderRadius="md" p="3" data-testid="order-test">
            <HStack justify="space-between" wrap="wrap">
              <Text fontWeight="medium">
                {test.name ? `${test.name} (${test.code})` : test.code}
              </Text>
              <HStack gap="1">
                {test.necessity && test.necessity !== 'not-governed' && <Badge variant="subtle">{NECESSITY_LABELS[test.necessity as keyof typeof NECESSITY_LABELS] ?? test.necessity}</Badge>}
                {(test.modifiers ?? []).filter((line) => line.modifier).map((line) => (
                  <Badge key={line.cpt} variant="outline">
                    {line.cpt}-{line.modifier}
                  </Badge>
                ))}
                {test.declined && <Badge colorPalette="red">Declined: not sent</Badge>}
              </HStack>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {[test.specimen_type, test.container].filter(Boolean).join(' · ')}
              {answers.filter((answer) => answer.test === test.code).map((answer) => ` · ${answer.question}: ${answer.value}`).join('')}
            </Text>
          </Box>
        ))}
      </Stack>
      {abn && <AbnScanField db={db} orderId={order.id} />}
      {(status === 'draft' || status === 'submitted') && <CancelForm db={db} id={order.id} />}
      {Extras && <Extras order={order} db={db} />}
    </Stack>
  );
}
