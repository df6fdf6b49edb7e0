// Taking one ORU^R01 from the laboratory (lis-inbound, over HTTPS or from the MLLP
// listener). Every message that arrives is answered and, unless it is filed, kept:
//   1. a resend of a message the queue holds (same sender and MSH-10) is counted on its row
//      and answered as it was the first time; one already filed is answered AA again;
//   2. what the receiver cannot process at all (no MSH, not ORU^R01, processing ID, version)
//      is answered AR, a NUL byte AE (inbound-screen.ts);
//   3. the message must parse, and every OBR's placer number (the requisition number) must
//      name an order that is neither draft nor cancelled;
//   4. the server compares the message's patient with each order's patient and the resulted
//      tests with the ordered ones (patient-match.ts): a result for another patient, or for a
//      test never ordered, is never filed;
//   5. then the results are filed (file-results.ts) and answered AA.
// Anything refused in 2–4 is answered AE/AR naming the segment and kept in the result queue
// (inbox-queue.ts) for a person. Staff filing a queued message under an order they chose
// (`forcedOrderId`) is that person's decision: steps 1, 2 and 4 are theirs.
import { markDuplicate } from '../hl7/ack.ts';
import { Hl7Error, type ErrorCode } from '../hl7/errors.ts';
import { parseOru } from '../hl7/oru-parse.ts';
import type { ResultMessage } from '../hl7/result-types.ts';
import type { SupabaseClient } from '../supabase.ts';
import { fileResults, type OrderRow } from './file-results.ts';
import { dedupeKey, screenInbound, type QueueKind } from './inbound-screen.ts';
import { answer, answerToResend, keepInQueue } from './inbox-queue.ts';
import { matchPatient, matchTests, messageIdentity, patientIdentity, type MatchPatient } from './patient-match.ts';

export { REPORT_BUCKET } from './file-results.ts';

export interface IngestOutcome {
  code: 'AA' | 'AE' | 'AR';
  text: string;
  ack: string;
  /** The ids of the results written (AA). */
  resultIds: string[];
  /** The result queue's row (AE, AR). */
  errorId: string | null;
}

interface Refused {
  code: 'AE' | 'AR';
  condition: ErrorCode;
  location: string | null;
  text: string;
  kind: QueueKind;
  candidateOrderId?: string;
  orderPatient?: string;
}

function tryParse(text: string): ResultMessage | null {
  try {
    return parseOru(text);
  } catch {
    return null;
  }
}

function ackCodeOf(ack: string): 'AA' | 'AE' | 'AR' {
  const code = /(?:^|\r)MSA\|(AA|AE|AR)\|/.exec(ack)?.[1];
  return (code as 'AA' | 'AE' | 'AR' | undefined) ?? 'AE';
}

const PATIENT_COLUMNS = 'id, lab_patient_id, first_name, last_name, date_of_birth, medical_record_numbers, coverages';

export async function ingestResultMessage(service: SupabaseClient, raw: string, forcedOrderId: string | null = null): Promise<IngestOutcome> {
  const forced = forcedOrderId !== null;
  const screened = screenInbound(raw);
  const key = forced ? '' : await dedupeKey(raw);
  if (!forced) {
    const resent = await answerToResend(service, key);
    if (resent) return { code: ackCodeOf(resent.ack), text: 'resent', ack: resent.ack, resultIds: [], errorId: resent.id };
  }
  const peek = tryParse(screened.readable);
  const refuse = async (refusal: Refused): Promise<IngestOutcome> => {
    // The answer names the segment and field (also in ERR-2), as the queue row does.
    const text = refusal.location ? `${refusal.location}: ${refusal.text}` : refusal.text;
    const ack = answer(screened.readable, refusal.code, text, refusal.condition, refusal.location);
    if (forced) return { code: refusal.code, text, ack, resultIds: [], errorId: null };
    const kept = await keepInQueue(service, {
      dedupeKey: key,
      kind: refusal.kind,
      controlId: screened.controlId,
      placerOrderNumber: peek?.orders.find((o) => o.placerOrderNumber)?.placerOrderNumber ?? null,
      patientName: peek ? `${peek.patient.lastName}, ${peek.patient.firstName}`.replace(/, $/, '') : null,
      error: text,
      errorLocation: refusal.location,
      message: screened.stored,
      ackCode: refusal.code,
      ack,
      candidateOrderId: refusal.candidateOrderId ?? null,
      orderPatient: refusal.orderPatient ?? null,
      messagePatient: peek ? messageIdentity(peek.patient) : null,
    });
    return { code: refusal.code, text, ack: kept.ack, resultIds: [], errorId: kept.id };
  };

  if (screened.refusal && !forced) return refuse(screened.refusal);
  let parsed: ResultMessage;
  try {
    parsed = parseOru(screened.readable);
  } catch (error) {
    if (!(error instanceof Hl7Error)) throw error;
    const message = error.location ? error.message.slice(error.location.length + 2) : error.message;
    return refuse({ code: 'AE', condition: error.condition, location: error.location, text: message, kind: 'malformed' });
  }

  if (!forced) {
    // Filed already (its first ACK was lost): the same AA again, nothing filed twice.
    const filed = await service.from('results').select('requisition_number').eq('control_id', parsed.controlId).limit(50);
    if (filed.error) throw new Error(`results could not be read: ${filed.error.message}`);
    const requisitions = [...new Set(((filed.data ?? []) as Array<{ requisition_number: string }>).map((r) => r.requisition_number))];
    if (requisitions.length) {
      const text = `Results received for ${requisitions.join(', ')}`;
      return { code: 'AA', text, ack: markDuplicate(answer(screened.readable, 'AA', text)), resultIds: [], errorId: null };
    }
  }

  const placers = [...new Set(parsed.orders.map((o) => o.placerOrderNumber).filter((p): p is string => !!p))];
  const query = service.from('orders').select('id, requisition_number, status, patient_id, provider_id, organization_id, tests');
  const { data, error } = forced ? await query.eq('id', forcedOrderId) : await query.in('requisition_number', placers.length ? placers : ['']);
  if (error) throw new Error(`orders could not be read: ${error.message}`);
  const rows = data as OrderRow[];
  const orderFor = (placer: string | null) => (forced ? rows[0] : rows.find((o) => o.requisition_number === placer));
  for (const [index, obr] of parsed.orders.entries()) {
    const order = orderFor(obr.placerOrderNumber);
    if (!order) {
      const text = obr.placerOrderNumber ? `Unknown placer order number ${obr.placerOrderNumber}` : 'The result has no placer order number';
      return refuse({ code: 'AE', condition: '204', location: `OBR[${index + 1}]-2`, text, kind: 'unknown_order' });
    }
    if (order.status === 'draft' || order.status === 'cancelled') {
      return refuse({ code: 'AE', condition: '204', location: `OBR[${index + 1}]-2`, text: `Order ${order.requisition_number} is ${order.status}`, kind: 'closed_order', candidateOrderId: order.id });
    }
  }

  if (!forced) {
    // Matching is the server's: the message's patient against each order's, the tests against the ordered ones.
    const ids = [...new Set(rows.map((o) => o.patient_id))];
    const patients = await service.from('patients').select(PATIENT_COLUMNS).in('id', ids);
    if (patients.error) throw new Error(`patients could not be read: ${patients.error.message}`);
    const byId = new Map(((patients.data ?? []) as Array<MatchPatient & { id: string }>).map((p) => [p.id, p]));
    for (const order of rows) {
      const patient = byId.get(order.patient_id);
      if (!patient) throw new Error(`the patient of order ${order.requisition_number} could not be read`);
      const indexes = parsed.orders.flatMap((obr, i) => (obr.placerOrderNumber === order.requisition_number ? [i] : []));
      const verdict = matchPatient(parsed.patient, patient, order);
      const tests = verdict.ok ? matchTests(parsed, order, indexes) : verdict;
      if (!tests.ok) {
        return refuse({ code: 'AE', condition: '204', location: tests.location, text: tests.text, kind: tests.kind, candidateOrderId: order.id, orderPatient: patientIdentity(patient) });
      }
    }
  }

  const filed = await fileResults(service, parsed, (obr) => orderFor(obr.placerOrderNumber) as OrderRow);
  const text = `Results received for ${filed.orders.map((o) => o.requisition_number).join(', ')}`;
  return { code: 'AA', text, ack: answer(screened.readable, 'AA', text), resultIds: filed.resultIds, errorId: null };
}
