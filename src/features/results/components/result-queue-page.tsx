/**
 * /results/queue (issues 32, 44), for staff: the laboratory's messages the server did not
 * file — malformed, not accepted, for no order it knows, for another patient than the
 * order's (both identities side by side), for a test never ordered — kept in
 * result_inbox_errors and answered AE/AR, never dropped, one row however often resent. Staff
 * file one under an order (by its requisition number: the server takes the message again,
 * every result filed under that order) or reject it with a reason; the resolved ones stay
 * listed with how they were closed.
 */
import { Badge, Box, Button, Card, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { showToast } from '../../../components/show-toast.ts';
import { Field } from '../../../components/ui/field.tsx';
import { resolveQueuedResult } from '../../../lib/functions/result-inbox.ts';
import { findOrderByRequisition, useResultQueue, type QueuedMessage } from '../data/use-result-queue.ts';
import { formatTime, QUEUE_KIND_LABELS, QUEUE_TEXT } from '../model/result-texts.ts';

/** The order's patient and the result's patient, side by side, for a person to compare. */
function Identities({ message }: { message: QueuedMessage }) {
  if (!message.order_patient || !message.message_patient) return null;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" role="group" aria-label={QUEUE_TEXT.identitiesLabel} data-testid="queue-identities">
      <Box borderWidth="1px" borderRadius="md" p="3">
        <Text fontSize="sm" color="fg.muted">{QUEUE_TEXT.orderPatient(message.placer_order_number)}</Text>
        <Text fontWeight="semibold" data-testid="queue-order-patient">{message.order_patient}</Text>
      </Box>
      <Box borderWidth="1px" borderRadius="md" p="3" borderColor="border.error">
        <Text fontSize="sm" color="fg.muted">{QUEUE_TEXT.messagePatient}</Text>
        <Text fontWeight="semibold" data-testid="queue-message-patient">{message.message_patient}</Text>
      </Box>
    </SimpleGrid>
  );
}

function QueuedItem({ message, onResolved }: { message: QueuedMessage; onResolved: () => void }) {
  const [requisition, setRequisition] = useState(message.placer_order_number ?? '');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const resolve = async (kind: 'match' | 'reject') => {
    setProblem(null);
    if (kind === 'reject' && !reason.trim()) return setProblem(QUEUE_TEXT.reasonRequired);
    if (kind === 'match' && !requisition.trim()) return setProblem(QUEUE_TEXT.requisitionRequired);
    setBusy(true);
    try {
      let orderId = '';
      if (kind === 'match') {
        const order = await findOrderByRequisition(requisition);
        if (!order) return setProblem(QUEUE_TEXT.noSuchOrder(requisition.trim()));
        orderId = order.id;
      }
      const { supabase } = await import('../../../lib/supabase.ts');
      const answer = await resolveQueuedResult(supabase, message.id, kind === 'match' ? { kind, orderId } : { kind, reason });
      if (!answer.ok) return setProblem(answer.message);
      showToast({ title: kind === 'match' ? QUEUE_TEXT.matched : QUEUE_TEXT.rejected, description: kind === 'match' ? QUEUE_TEXT.matchedDescription(requisition.trim()) : reason.trim(), type: 'success' });
      onResolved();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root variant="outline" data-testid="queued-message">
      <Card.Body>
        <Stack gap="3">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette="red">{QUEUE_TEXT.open}</Badge>
            <Badge variant="outline">{QUEUE_KIND_LABELS[message.kind] ?? QUEUE_KIND_LABELS.malformed}</Badge>
            <Text fontSize="sm" color="fg.muted">{QUEUE_TEXT.received(formatTime(message.received_at), message.control_id)}</Text>
          </HStack>
          <Text fontWeight="semibold">{message.error}</Text>
          <Identities message={message} />
          {message.order_patient ? null : <Text fontSize="sm">{QUEUE_TEXT.about(message.patient_name, message.placer_order_number)}</Text>}
          {message.times_received > 1 ? <Text fontSize="sm" color="fg.muted">{QUEUE_TEXT.resent(message.times_received, formatTime(message.last_received_at))}</Text> : null}
          <HStack gap="3" align="end" wrap="wrap">
            <Field label={QUEUE_TEXT.requisitionLabel} maxW="xs">
              <Input value={requisition} onChange={(e) => setRequisition(e.target.value)} placeholder="R-…" />
            </Field>
            <Button colorPalette="brand" loading={busy} onClick={() => void resolve('match')}>{QUEUE_TEXT.match}</Button>
          </HStack>
          <HStack gap="3" align="end" wrap="wrap">
            <Field label={QUEUE_TEXT.reasonLabel} maxW="md">
              <Input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            </Field>
            <Button variant="outline" colorPalette="red" loading={busy} onClick={() => void resolve('reject')}>{QUEUE_TEXT.reject}</Button>
          </HStack>
          {problem ? <Text color="fg.error" role="alert">{problem}</Text> : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function ResultQueuePage() {
  const { state, reload } = useResultQueue();
  return (
    <Stack gap="5">
      <PageHeader title={QUEUE_TEXT.title} description={QUEUE_TEXT.description} />
      {state.status === 'loading' ? <Text color="fg.muted">{QUEUE_TEXT.loading}</Text> : null}
      {state.status === 'offline' ? <Text color="fg.muted">{QUEUE_TEXT.offline}</Text> : null}
      {state.status === 'failed' ? <Text color="fg.error">{QUEUE_TEXT.failed(state.message)}</Text> : null}
      {state.status === 'ready' ? (
        <>
          {state.open.length === 0 ? <Text color="fg.muted">{QUEUE_TEXT.empty}</Text> : state.open.map((m) => <QueuedItem key={m.id} message={m} onResolved={reload} />)}
          {state.resolved.length > 0 ? (
            <Stack gap="2" as="section" aria-label={QUEUE_TEXT.resolvedTitle}>
              <Text fontWeight="semibold">{QUEUE_TEXT.resolvedTitle}</Text>
              {state.resolved.map((m) => (
                <Text key={m.id} fontSize="sm" data-testid="resolved-message">
                  {QUEUE_TEXT.resolved(m.status, formatTime(m.resolved_at), m.placer_order_number, m.reason)}
                </Text>
              ))}
            </Stack>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
