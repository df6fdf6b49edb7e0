import { describe, expect, it } from 'vitest';
import { buildAck, markDuplicate, parseAck } from '../hl7/ack.ts';
import { buildOrm } from '../hl7/orm.ts';
import { SAMPLE_ORDER } from '../hl7/test-data.ts';
import { answeredAttempt, queueBackoffMs, readLisSettings, unansweredAttempt } from './delivery-rules.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];

describe('readLisSettings', () => {
  it('reads host, port, TLS and the receiver, with defaults', () => {
    expect(readLisSettings(env({ LIS_MLLP_HOST: 'lis.example', LIS_MLLP_PORT: '6661' }))).toEqual({
      ok: true,
      settings: { host: 'lis.example', port: 6661, tls: null, ackTimeoutMs: 10_000, retries: 1, connections: 4, receiver: { application: 'LIS', facility: 'LAB' }, processingId: 'P' },
    });
    const tls = readLisSettings(env({ LIS_MLLP_HOST: 'h', LIS_MLLP_PORT: '1', LIS_MLLP_TLS: 'true', LIS_MLLP_CA_CERT: 'PEM', LIS_RECEIVING_FACILITY: '05D0000000', LIS_PROCESSING_ID: 'T' }));
    expect(tls).toMatchObject({ ok: true, settings: { tls: { caCerts: ['PEM'] }, receiver: { application: 'LIS', facility: '05D0000000' }, processingId: 'T' } });
  });

  it('refuses a missing host or port and bad numbers, with the reason', () => {
    expect(readLisSettings(env({ LIS_MLLP_PORT: '6661' }))).toEqual({ ok: false, problem: 'LIS_MLLP_HOST and LIS_MLLP_PORT must name the laboratory’s MLLP listener.' });
    expect(readLisSettings(env({ LIS_MLLP_HOST: 'h', LIS_MLLP_PORT: '70000' })).ok).toBe(false);
    const numbers = { ok: false, problem: 'LIS_ACK_TIMEOUT_MS (100–300000), LIS_MLLP_RETRIES (0–10) and LIS_MLLP_CONNECTIONS (1–16) must be whole numbers.' };
    expect(readLisSettings(env({ LIS_MLLP_HOST: 'h', LIS_MLLP_PORT: '1', LIS_ACK_TIMEOUT_MS: '5' }))).toEqual(numbers);
    expect(readLisSettings(env({ LIS_MLLP_HOST: 'h', LIS_MLLP_PORT: '1', LIS_MLLP_CONNECTIONS: '0' }))).toEqual(numbers);
    expect(readLisSettings(env({ LIS_MLLP_HOST: 'h', LIS_MLLP_PORT: '1', LIS_MLLP_CONNECTIONS: '8' }))).toMatchObject({ ok: true, settings: { connections: 8 } });
    expect(readLisSettings(env({ LIS_MLLP_HOST: 'h', LIS_MLLP_PORT: '1', LIS_PROCESSING_ID: 'X' }))).toEqual({ ok: false, problem: 'LIS_PROCESSING_ID must be P, T or D.' });
  });
});

describe('queueBackoffMs', () => {
  it('waits 30 s after the first failure, doubling, at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => queueBackoffMs(n))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
    expect(queueBackoffMs(0)).toBe(30_000);
  });
});

describe('attempt outcomes', () => {
  const orm = buildOrm(SAMPLE_ORDER);

  it('records AA with its text, and a duplicate as the first answer', () => {
    const aa = buildAck(orm, 'AA', 'Order R24A7K9QX received');
    expect(answeredAttempt(parseAck(aa), aa)).toEqual({ ackCode: 'AA', ackText: 'Order R24A7K9QX received', ackMessage: aa, duplicate: false, error: null, nextAttemptAt: null });
    const again = markDuplicate(aa);
    expect(answeredAttempt(parseAck(again), again)).toMatchObject({ ackCode: 'AA', ackText: 'Order R24A7K9QX received', duplicate: true });
  });

  it('records AE and AR with the laboratory’s text, falling back to ERR-8 and then to words', () => {
    const ae = buildAck(orm, 'AE', 'Unknown test code NOSUCH', { errorCode: '103', errorLocation: 'OBR[1]-4' });
    expect(answeredAttempt(parseAck(ae), ae)).toMatchObject({ ackCode: 'AE', ackText: 'Unknown test code NOSUCH', duplicate: false });
    const bare = buildAck(orm, 'AR');
    expect(answeredAttempt(parseAck(bare), bare)).toMatchObject({ ackCode: 'AR', ackText: 'The laboratory answered AR without a reason.' });
  });

  it('schedules an unanswered attempt after the backoff of the attempts so far', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(unansweredAttempt('no acknowledgement within 10000 ms', 0, now)).toEqual({
      ackCode: null, ackText: null, ackMessage: null, duplicate: false, error: 'no acknowledgement within 10000 ms', nextAttemptAt: '2026-11-26T10:00:30.000Z',
    });
    expect(unansweredAttempt('x', 2, now).nextAttemptAt).toBe('2026-11-26T10:02:00.000Z');
  });
});
