/**
 * The order link's figures (issues 32, 44): the time from an order's submit to the
 * laboratory's AA, for single orders and for a batch, and the orders delivered per second,
 * with nothing sent twice. Starts a fresh in-memory stack with its LIS simulator and its
 * scheduler's timers off (STACK_SCHEDULER=wake): only the wake-up that a queued message
 * triggers (NOTIFY locally, pg_net hosted) runs lis-deliver, so the figures are the wake's,
 * not a tick's. Seeds an organization, provider, patient and two tests, then:
 *   - single: `singles` orders one at a time, each waited for (submit → AA: the server's
 *     submitted_at to lis_messages.acked_at, the wake included);
 *   - batch: `batch` orders submitted in one statement (one transaction, one wake, as a device's
 *     push of 1,000 rows is), delivered as the runs drain the queue; orders/s = orders / (last
 *     AA − the batch's commit): the link's sustained rate. The submit itself (the orders'
 *     triggers, the server's Medicare check) is reported beside it, and each order's submit
 *     (submitted_at) → AA, which includes it;
 *   - duplicates: messages the simulated laboratory received more than once (by MSH-10).
 *
 *   npx tsx tests/bench/measure-lis-delivery.ts                    1,000 in the batch, 20 singles
 *   npx tsx tests/bench/measure-lis-delivery.ts --batch 200 --singles 10
 *   npm run bench -- --only lis                                    the same, inside the benchmark
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';

export interface LabDeliveryFigures {
  single: { orders: number; p50Ms: number; p95Ms: number; maxMs: number };
  /** seconds: from the batch's commit to its last AA; submitSeconds: the submit transaction itself. */
  batch: { orders: number; submitSeconds: number; seconds: number; ordersPerSecond: number; p50Ms: number; p95Ms: number; maxMs: number };
  /** Control IDs the laboratory received more than once, and acknowledgements marked duplicate. */
  duplicates: { messagesSentTwice: number; duplicateAcks: number };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(stack: RunningStack): Promise<{ organizationId: string; providerId: string; patientId: string }> {
  const pg = stack.db.pg;
  const ids = { organizationId: randomUUID(), providerId: randomUUID(), patientId: randomUUID() };
  await pg.query(`insert into public.compendium_tests (code, name, loinc, specimen_type, container, transport_temperature, cpt_codes)
    values ('TSH', 'Thyroid stimulating hormone', '3016-3', 'Serum', 'Gold', 'refrigerated', '{84443}'),
           ('CBC', 'Complete blood count', null, 'Whole blood', 'Lavender', 'refrigerated', '{85025}')
    on conflict (code) do nothing`);
  await pg.query(`insert into public.organizations (id, legal_name, type) values ($1, 'Bench Clinic', 'non_healthcare')`, [ids.organizationId]);
  await pg.query(`insert into public.providers (id, npi, first_name, last_name, credential) values ($1, '1234567893', 'Jane', 'Doe', 'M.D.')`, [ids.providerId]);
  await pg.query(`insert into public.patients (id, lab_patient_id, first_name, last_name, date_of_birth, sex) values ($1, 'P-9-0001', 'Mary', 'Bench', '1950-02-03', 'female')`, [ids.patientId]);
  return ids;
}

function orderRows(ids: Awaited<ReturnType<typeof seed>>, prefix: string, count: number, priority: 'routine' | 'stat') {
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    requisition_number: `R-${prefix}-${String(i + 1).padStart(5, '0')}`,
    status: 'submitted',
    organization_id: ids.organizationId,
    provider_id: ids.providerId,
    patient_id: ids.patientId,
    billing: 'client',
    tests: [{ code: 'TSH', cpt_codes: ['84443'] }, { code: 'CBC', cpt_codes: ['85025'] }],
    diagnoses: ['E03.9'],
    collected_at: new Date().toISOString(),
    priority,
  }));
}

/** Inserts the orders in one statement (one transaction, one wake), as the service role. */
async function submit(stack: RunningStack, rows: ReturnType<typeof orderRows>): Promise<void> {
  await stack.db.pg.query(
    `insert into public.orders (id, requisition_number, status, organization_id, provider_id, patient_id, billing, tests, diagnoses, collected_at, priority)
     select r.id, r.requisition_number, r.status, r.organization_id, r.provider_id, r.patient_id, r.billing, r.tests, r.diagnoses, r.collected_at, r.priority
       from jsonb_to_recordset($1::jsonb) as r(id uuid, requisition_number text, status text, organization_id uuid, provider_id uuid, patient_id uuid,
            billing text, tests jsonb, diagnoses jsonb, collected_at timestamptz, priority text)`,
    [JSON.stringify(rows)],
  );
}

/**
 * Submit → AA per order (ms), once every order of the requisition prefix is acknowledged (or
 * `timeoutMs` passes). Polled with one small count, so the waiting costs the database little.
 */
async function awaitAcks(stack: RunningStack, prefix: string, count: number, timeoutMs: number): Promise<{ latencies: number[]; lastAck: number; firstSubmit: number }> {
  const deadline = Date.now() + timeoutMs;
  const like = `R-${prefix}-%`;
  for (;;) {
    const { rows: [done] } = await stack.db.pg.query<{ n: number }>(`select count(*)::int as n from public.lis_messages where control_id like $1 and acked_at is not null`, [like]);
    if ((done?.n ?? 0) >= count) break;
    if (Date.now() > deadline) throw new Error(`only ${done?.n ?? 0} of ${count} orders acknowledged in ${timeoutMs} ms`);
    await sleep(count === 1 ? 10 : 250);
  }
  const { rows } = await stack.db.pg.query<{ submitted: string; acked: string; code: string }>(
    `select o.submitted_at::text as submitted, m.acked_at::text as acked, m.ack_code as code
       from public.orders o join public.lis_messages m on m.order_id = o.id and m.kind = 'new'
      where m.control_id like $1`,
    [like],
  );
  const refused = rows.filter((row) => row.code !== 'AA');
  if (refused.length) throw new Error(`${refused.length} orders were refused by the laboratory`);
  const submitted = rows.map((row) => Date.parse(row.submitted));
  const acked = rows.map((row) => Date.parse(row.acked));
  return { latencies: rows.map((_, i) => acked[i]! - submitted[i]!), lastAck: Math.max(...acked), firstSubmit: Math.min(...submitted) };
}

export async function measureLabDelivery(options: { batch: number; singles: number; log?: (line: string) => void }): Promise<LabDeliveryFigures> {
  const log = options.log ?? (() => {});
  const previous = { scheduler: process.env.STACK_SCHEDULER, delay: process.env.LIS_SIM_RESULT_DELAY_MS };
  process.env.STACK_SCHEDULER = 'wake';
  process.env.LIS_SIM_RESULT_DELAY_MS = String(24 * 3600 * 1000);
  const stack = await startStack({ port: 0, dataDir: null, seed: false, quiet: true });
  try {
    const ids = await seed(stack);
    // Warm the function's first load (module import) outside the figures.
    await submit(stack, orderRows(ids, 'W0', 1, 'stat'));
    await sleep(2000);

    const single: number[] = [];
    for (let i = 0; i < options.singles; i += 1) {
      const rows = orderRows(ids, `S${i + 1}`, 1, 'stat');
      await submit(stack, rows);
      single.push(...(await awaitAcks(stack, `S${i + 1}`, 1, 30_000)).latencies);
    }
    single.sort((a, b) => a - b);
    log(`lab delivery: ${options.singles} single orders, submit → AA p95 ${percentile(single, 95)} ms`);

    const rows = orderRows(ids, 'B1', options.batch, 'routine');
    const submitting = Date.now();
    await submit(stack, rows);
    const committed = Date.now();
    const batch = await awaitAcks(stack, 'B1', options.batch, 600_000);
    const seconds = (batch.lastAck - committed) / 1000;
    const latencies = [...batch.latencies].sort((a, b) => a - b);
    log(`lab delivery: ${options.batch} orders in one batch, ${(options.batch / seconds).toFixed(1)} orders/s`);

    const received = stack.lis.engine.receivedMessages();
    const counts = new Map<string, number>();
    for (const message of received) if (message.controlId) counts.set(message.controlId, (counts.get(message.controlId) ?? 0) + 1);
    const { rows: duplicates } = await stack.db.pg.query<{ n: number }>('select count(*)::int as n from public.lis_messages where duplicate');
    return {
      single: { orders: single.length, p50Ms: percentile(single, 50), p95Ms: percentile(single, 95), maxMs: single.at(-1) ?? Number.NaN },
      batch: { orders: options.batch, submitSeconds: (committed - submitting) / 1000, seconds, ordersPerSecond: options.batch / seconds, p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95), maxMs: latencies.at(-1) ?? Number.NaN },
      duplicates: { messagesSentTwice: [...counts.values()].filter((n) => n > 1).length, duplicateAcks: duplicates[0]?.n ?? 0 },
    };
  } finally {
    await stack.stop();
    for (const [key, value] of [['STACK_SCHEDULER', previous.scheduler], ['LIS_SIM_RESULT_DELAY_MS', previous.delay]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { batch: { type: 'string', default: '1000' }, singles: { type: 'string', default: '20' } } });
  measureLabDelivery({ batch: Number(values.batch), singles: Number(values.singles), log: (line) => console.error(line) }).then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
