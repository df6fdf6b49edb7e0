/**
 * The order link's figures (issue 32): orders delivered to the laboratory per second, and
 * the time from an order's submit to the laboratory's AA. Starts a fresh in-memory stack
 * with its LIS simulator (the scheduler off, so the runs are the script's), seeds an
 * organization, provider, patient and two tests, inserts N submitted orders (the orders
 * trigger queues each), then runs lis-deliver in batches as the scheduler would and reads
 * each message's acknowledgement time from lis_messages.
 *
 *   npx tsx tests/bench/measure-lis-delivery.ts                 500 orders, batches of 100
 *   npx tsx tests/bench/measure-lis-delivery.ts --orders 2000 --batch 250
 *
 * "submit → AA" here is the server's part (queue, build from the rows, MLLP round trip,
 * record); in production add the wait for the scheduler's next tick (10 s interval: 5 s on
 * average) and the device's push.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/stack.ts';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '500' }, batch: { type: 'string', default: '100' } } });
const ORDERS = Number(values.orders);
const BATCH = Number(values.batch);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main() {
  process.env.STACK_SCHEDULER = 'off';
  process.env.LIS_SIM_RESULT_DELAY_MS = String(24 * 3600 * 1000);
  const stack = await startStack({ port: 0, dataDir: null, seed: false, quiet: true });
  const service = createClient(stack.url, SERVICE_ROLE_KEY, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  try {
    const must = <T extends { error: unknown }>(answer: T, what: string): T => {
      if (answer.error) throw new Error(`${what}: ${JSON.stringify(answer.error)}`);
      return answer;
    };
    const organizationId = randomUUID();
    const providerId = randomUUID();
    const patientId = randomUUID();
    must(await service.from('compendium_tests').upsert([
      { code: 'TSH', name: 'Thyroid stimulating hormone', loinc: '3016-3', specimen_type: 'Serum', container: 'Gold', transport_temperature: 'refrigerated', cpt_codes: ['84443'] },
      { code: 'CBC', name: 'Complete blood count', specimen_type: 'Whole blood', container: 'Lavender', transport_temperature: 'refrigerated', cpt_codes: ['85025'] },
    ]), 'compendium');
    must(await service.from('organizations').insert({ id: organizationId, legal_name: 'Bench Clinic', type: 'non_healthcare' }), 'organization');
    must(await service.from('providers').insert({ id: providerId, npi: '1234567893', first_name: 'Jane', last_name: 'Doe', credential: 'MD' }), 'provider');
    must(await service.from('patients').insert({ id: patientId, lab_patient_id: 'P-BENCH-0001', first_name: 'Mary', last_name: 'Bench', date_of_birth: '1950-02-03', sex: 'female' }), 'patient');

    const rows = Array.from({ length: ORDERS }, (_, i) => ({
      id: randomUUID(),
      requisition_number: `R-B${(i % 7) + 1}-${String(i + 1).padStart(5, '0')}`,
      status: 'submitted',
      organization_id: organizationId,
      provider_id: providerId,
      patient_id: patientId,
      billing: 'client',
      tests: [{ code: 'TSH', cpt_codes: ['84443'] }, { code: 'CBC', cpt_codes: ['85025'] }],
      diagnoses: ['E03.9'],
      collected_at: new Date().toISOString(),
      priority: 'routine',
    }));
    for (let i = 0; i < rows.length; i += 500) must(await service.from('orders').insert(rows.slice(i, i + 500)), 'orders');

    const started = Date.now();
    let accepted = 0;
    for (;;) {
      const response = await fetch(`${stack.url}/functions/v1/lis-deliver`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ batch: BATCH }),
      });
      const body = (await response.json()) as { sent: number; accepted: number; refused: number; retrying: number };
      if (!response.ok) throw new Error(`lis-deliver answered ${response.status}: ${JSON.stringify(body)}`);
      accepted += body.accepted;
      if (body.refused || body.retrying) throw new Error(`unexpected outcome: ${JSON.stringify(body)}`);
      if (body.sent === 0) break;
    }
    const seconds = (Date.now() - started) / 1000;

    const messages = must(await service.from('lis_messages').select('order_id, acked_at, ack_code').limit(ORDERS + 10), 'messages').data ?? [];
    const orders = must(await service.from('orders').select('id, submitted_at, status').limit(ORDERS + 10), 'read orders').data ?? [];
    const submitted = new Map(orders.map((o) => [o.id as string, Date.parse(o.submitted_at as string)]));
    const latencies = messages.map((m) => Date.parse(m.acked_at as string) - (submitted.get(m.order_id as string) ?? NaN)).filter(Number.isFinite).sort((a, b) => a - b);
    const received = orders.filter((o) => o.status === 'received').length;

    // One order at a time, as a clinic submits them: insert, one run, its AA.
    const single: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const row = { ...rows[0], id: randomUUID(), requisition_number: `R-S${i + 1}-00001` };
      must(await service.from('orders').insert(row), 'single order');
      const response = await fetch(`${stack.url}/functions/v1/lis-deliver`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ batch: 1 }),
      });
      if (!response.ok) throw new Error(`lis-deliver answered ${response.status}`);
      const [message] = must(await service.from('lis_messages').select('acked_at').eq('order_id', row.id), 'single message').data ?? [];
      const [stored] = must(await service.from('orders').select('submitted_at').eq('id', row.id), 'single stored').data ?? [];
      single.push(Date.parse(message?.acked_at as string) - Date.parse(stored?.submitted_at as string));
    }
    single.sort((a, b) => a - b);
    console.log(JSON.stringify({
      orders: ORDERS,
      batch: BATCH,
      accepted,
      received,
      deliverySeconds: Number(seconds.toFixed(2)),
      ordersPerSecond: Number((accepted / seconds).toFixed(1)),
      burstSubmitToAaMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) },
      singleSubmitToAaMs: { p50: percentile(single, 50), max: single.at(-1) },
    }, null, 2));
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
