// The rules of the order link's queue, pure so they are unit-tested: where the laboratory
// listens (env), how long a message waits after a failed attempt (exponential backoff,
// capped), and what an attempt's outcome records (an ACK's code and text, a duplicate
// counted as the first answer, a transport failure retried). lis-deliver applies them.
import type { ParsedAck } from '../hl7/ack.ts';
import type { Endpoint, ProcessingId } from '../hl7/message.ts';
import { DEFAULT_LIS_ENDPOINT } from '../lab/order-message.ts';

export interface LisSettings {
  host: string;
  port: number;
  /** MLLP over TLS (LIS_MLLP_TLS=true), with an extra CA (LIS_MLLP_CA_CERT, PEM) if given. */
  tls: { caCerts?: string[] } | null;
  /** Time to wait for one ACK. */
  ackTimeoutMs: number;
  /** Retries within one run (same bytes, same control ID), before the queue's backoff takes over. */
  retries: number;
  /** MLLP connections a run sends on at once, one message in flight on each (LIS_MLLP_CONNECTIONS). */
  connections: number;
  receiver: Endpoint;
  processingId: ProcessingId;
}

export type SettingsRead = { ok: true; settings: LisSettings } | { ok: false; problem: string };

function wholeNumber(raw: string | undefined, fallback: number, min: number, max: number): number | null {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

export function readLisSettings(get: (name: string) => string | undefined): SettingsRead {
  const host = get('LIS_MLLP_HOST')?.trim();
  const port = wholeNumber(get('LIS_MLLP_PORT'), 0, 1, 65535);
  if (!host || !port) return { ok: false, problem: 'LIS_MLLP_HOST and LIS_MLLP_PORT must name the laboratory’s MLLP listener.' };
  const ackTimeoutMs = wholeNumber(get('LIS_ACK_TIMEOUT_MS'), 10_000, 100, 300_000);
  const retries = wholeNumber(get('LIS_MLLP_RETRIES'), 1, 0, 10);
  const connections = wholeNumber(get('LIS_MLLP_CONNECTIONS'), 4, 1, 16);
  if (ackTimeoutMs === null || retries === null || connections === null) {
    return { ok: false, problem: 'LIS_ACK_TIMEOUT_MS (100–300000), LIS_MLLP_RETRIES (0–10) and LIS_MLLP_CONNECTIONS (1–16) must be whole numbers.' };
  }
  const processing = (get('LIS_PROCESSING_ID') || 'P').trim();
  if (processing !== 'P' && processing !== 'T' && processing !== 'D') return { ok: false, problem: 'LIS_PROCESSING_ID must be P, T or D.' };
  const ca = get('LIS_MLLP_CA_CERT')?.trim();
  const tls = /^(1|true|yes)$/i.test(get('LIS_MLLP_TLS')?.trim() ?? '') ? (ca ? { caCerts: [ca] } : {}) : null;
  return {
    ok: true,
    settings: {
      host,
      port,
      tls,
      ackTimeoutMs,
      retries,
      connections,
      receiver: {
        application: get('LIS_RECEIVING_APPLICATION')?.trim() || DEFAULT_LIS_ENDPOINT.application,
        facility: get('LIS_RECEIVING_FACILITY')?.trim() || DEFAULT_LIS_ENDPOINT.facility,
      },
      processingId: processing,
    },
  };
}

/** The queue's pause after `attempts` failed attempts: 30 s, doubling, at most an hour. */
export const QUEUE_BACKOFF = { initialMs: 30_000, factor: 2, maxMs: 3_600_000 } as const;

export function queueBackoffMs(attempts: number, backoff: { initialMs: number; factor: number; maxMs: number } = QUEUE_BACKOFF): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(backoff.maxMs, Math.round(backoff.initialMs * backoff.factor ** (n - 1)));
}

/** What lis_record_attempt is given for one attempt. */
export interface AttemptRecord {
  ackCode: 'AA' | 'AE' | 'AR' | null;
  ackText: string | null;
  ackMessage: string | null;
  duplicate: boolean;
  error: string | null;
  nextAttemptAt: string | null;
}

/**
 * An answered attempt. A duplicate is the receiver repeating its first answer to the same
 * control ID: that answer stands (an AA means the order was taken once, by the first attempt).
 * AE and AR carry the laboratory's text, which the order shows.
 */
export function answeredAttempt(ack: ParsedAck, ackMessage: string): AttemptRecord {
  const fallback = ack.code === 'AA' ? 'Accepted' : `The laboratory answered ${ack.code} without a reason.`;
  const text = ack.text.trim() || ack.errors.find((e) => e.severity !== 'I' && e.message)?.message || fallback;
  return { ackCode: ack.code, ackText: text, ackMessage, duplicate: ack.duplicate, error: null, nextAttemptAt: null };
}

/** An attempt nobody answered (connection refused or dropped, ACK timed out): try again later. */
export function unansweredAttempt(error: string, attemptsBefore: number, now: Date): AttemptRecord {
  return {
    ackCode: null,
    ackText: null,
    ackMessage: null,
    duplicate: false,
    error,
    nextAttemptAt: new Date(now.getTime() + queueBackoffMs(attemptsBefore + 1)).toISOString(),
  };
}
