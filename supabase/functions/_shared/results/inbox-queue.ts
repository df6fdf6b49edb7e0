// The result queue's side of lis-inbound: every message that is not filed is kept in
// result_inbox_errors once (result_inbox_keep, one row per dedupe key) with the answer it was
// given, and a resend of it is counted and answered the same way (result_inbox_resent).
import { buildAck, markDuplicate } from '../hl7/ack.ts';
import type { ErrorCode } from '../hl7/errors.ts';
import type { SupabaseClient } from '../supabase.ts';
import type { QueueKind } from './inbound-screen.ts';

export interface QueueEntry {
  dedupeKey: string;
  kind: QueueKind;
  controlId: string | null;
  placerOrderNumber: string | null;
  patientName: string | null;
  error: string;
  errorLocation: string | null;
  /** The message as kept (NUL bytes escaped). */
  message: string;
  ackCode: 'AE' | 'AR';
  ack: string;
  candidateOrderId?: string | null;
  orderPatient?: string | null;
  messagePatient?: string | null;
}

/**
 * The ACK to a message, or, for one too broken to acknowledge (no MSH), a minimal ACK of
 * our own with an unknown control ID, so the sender still reads the reason.
 */
export function answer(message: string, code: 'AA' | 'AE' | 'AR', text: string, condition?: ErrorCode, location?: string | null): string {
  const options = condition ? { errorCode: condition, errorLocation: location ?? null } : {};
  try {
    return buildAck(message, code, text, options);
  } catch {
    return buildAck('MSH|^~\\&|||||||ACK|UNKNOWN|P|2.5.1', code, text, options);
  }
}

/** The first answer to a message the queue already holds (the resend counted), or null for a new one. */
export async function answerToResend(service: SupabaseClient, dedupeKey: string): Promise<{ id: string; ack: string } | null> {
  const { data, error } = await service.rpc('result_inbox_resent', { p_dedupe_key: dedupeKey });
  if (error) throw new Error(`the result queue could not be read: ${error.message}`);
  const row = ((data ?? []) as Array<{ id: string; ack: string | null }>)[0];
  if (!row) return null;
  return { id: row.id, ack: row.ack ? markDuplicate(row.ack) : '' };
}

/** Keeps the message; returns its row and the answer it was given first (this one, unless another arrival won). */
export async function keepInQueue(service: SupabaseClient, entry: QueueEntry): Promise<{ id: string; ack: string }> {
  const { data, error } = await service.rpc('result_inbox_keep', {
    p_row: {
      dedupe_key: entry.dedupeKey,
      kind: entry.kind,
      control_id: entry.controlId,
      placer_order_number: entry.placerOrderNumber,
      patient_name: entry.patientName,
      error: entry.error,
      error_location: entry.errorLocation,
      message: entry.message,
      ack_code: entry.ackCode,
      ack: entry.ack,
      candidate_order_id: entry.candidateOrderId ?? null,
      order_patient: entry.orderPatient ?? null,
      message_patient: entry.messagePatient ?? null,
    },
  });
  if (error) throw new Error(`the result queue could not be written: ${error.message}`);
  const row = ((data ?? []) as Array<{ id: string; ack: string | null; times_received: number }>)[0];
  if (!row) throw new Error('the result queue returned no row');
  return { id: row.id, ack: row.times_received > 1 && row.ack ? markDuplicate(row.ack) : (row.ack ?? entry.ack) };
}
