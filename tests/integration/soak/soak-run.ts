/**
 * The soak: N simulated browsers (worker threads) of N staff users make random creates and
 * edits through the fault proxy while going offline, online and reloading; then faults
 * stop, every client drains, and the run checks that every client and the server hold the
 * same data, that every edit survived (as the merge rules decide), and that nothing was
 * written twice. Returns the figures; the test and `npm run soak` assert and print them.
 */
import { randomUUID } from 'node:crypto';
import { TABLE_COLUMNS } from '../../../src/db/tables/definitions.ts';
import { valuesEqual, deepEqual } from '../../../src/db/merge/values-equal.ts';
import { rowToDoc } from '../../../src/db/mapping/row-mapping.ts';
import { serviceClient, staffUser } from '../../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../helpers/env.ts';
import { FaultProxy, seededRandom, type FaultKind, type FaultRates } from '../../helpers/fault-proxy.ts';
import { SoakClient } from './soak-client.ts';
import { EDITABLE, SoakModel, type EditableTable } from './soak-model.ts';
import { ClientOps, type OpsContext } from './soak-ops.ts';
import type { ClientState, Doc } from './soak-protocol.ts';

export interface SoakOptions {
  clients: number;
  ops: number;
  seed: number;
  rates: Partial<FaultRates>;
  maxReloadsPerClient: number;
  pauseMs: number;
  convergeTimeoutMs: number;
}

export interface SoakReport {
  seed: number;
  clients: number;
  edits: { creates: number; edits: number; total: number; skipped: number };
  faults: Record<FaultKind, number> & { total: number };
  requests: number;
  offlineToggles: number;
  reloads: number;
  conflictNotices: number;
  rejectedNotices: number;
  opsMs: number;
  convergeMs: number | null;
  losses: number;
  lossDetails: string[];
  duplicates: number;
  divergences: number;
  divergenceDetails: string[];
  clientStates: ClientState[];
}

const TABLES = Object.keys(EDITABLE) as EditableTable[];

async function serverRows(table: EditableTable, tag: string, providerIds: string[]): Promise<Doc[]> {
  const service = serviceClient();
  if (table === 'providers') {
    const { data, error } = await service.from(table).select('*').eq('last_name', tag);
    if (error) throw error;
    return data as Doc[];
  }
  const rows: Doc[] = [];
  for (let i = 0; i < providerIds.length; i += 40) {
    const { data, error } = await service.from(table).select('*').in('provider_id', providerIds.slice(i, i + 40));
    if (error) throw error;
    rows.push(...(data as Doc[]));
  }
  return rows;
}

async function insertAudits(ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 40) {
    const { data, error } = await serviceClient().from('audit_log').select('row_id').eq('action', 'insert').in('row_id', ids.slice(i, i + 40));
    if (error) throw error;
    for (const { row_id } of data as Array<{ row_id: string }>) counts.set(row_id, (counts.get(row_id) ?? 0) + 1);
  }
  return counts;
}

/** A lost field's story from the audit log (who wrote what, in order), for the report. */
async function fieldHistory(table: string, id: string, field: string, userIds: readonly string[]): Promise<string> {
  const { data, error } = await serviceClient()
    .from('audit_log')
    .select('action, changed_by, changed_at, changed_fields, row_data')
    .eq('table_name', table)
    .eq('row_id', id)
    .order('id');
  if (error) return `(no history: ${error.message})`;
  const steps: string[] = [];
  for (const entry of data as Array<{ action: string; changed_by: string | null; changed_fields: Record<string, { new: unknown }> | null; row_data: Record<string, unknown> | null }>) {
    const value = entry.action === 'insert' ? entry.row_data?.[field] : entry.changed_fields?.[field]?.new;
    if (entry.action !== 'insert' && !(entry.changed_fields && field in entry.changed_fields)) continue;
    steps.push(`c${userIds.indexOf(entry.changed_by ?? '')} ${entry.action} ${JSON.stringify(value)}`);
  }
  return steps.join(' → ');
}

function sameFields(table: EditableTable, a: Doc, b: Doc): string | null {
  for (const [field, spec] of Object.entries(TABLE_COLUMNS[table])) {
    if (!valuesEqual(spec, a[field], b[field])) return `${field}: ${JSON.stringify(a[field])} ≠ ${JSON.stringify(b[field])}`;
  }
  return (a._deleted === true) === (b._deleted === true) ? null : '_deleted differs';
}

interface Snapshot {
  server: Map<EditableTable, Map<string, Doc>>;
  divergences: string[];
  pending: number;
}

async function snapshot(clients: SoakClient[], model: SoakModel, tag: string): Promise<Snapshot> {
  const providerIds = model.rowsOf('providers').map((row) => row.id);
  const known = new Set(providerIds);
  const server = new Map<EditableTable, Map<string, Doc>>();
  const divergences: string[] = [];
  let pending = 0;
  for (const client of clients) pending += (await client.state()).pendingChanges;
  for (const table of TABLES) {
    const rows = new Map((await serverRows(table, tag, providerIds)).map((row) => [String(row.id), rowToDoc(table, row as never) as unknown as Doc]));
    server.set(table, rows);
    for (const client of clients) {
      const docs = (await client.dump(table)).filter((doc) => known.has(String(table === 'providers' ? doc.id : doc.provider_id)));
      const local = new Map(docs.map((doc) => [String(doc.id), doc]));
      for (const [id, row] of rows) {
        const doc = local.get(id);
        const difference = doc ? sameFields(table, doc, row) : 'missing in the client';
        if (difference) divergences.push(`client ${client.index} ${table}/${id}: ${difference} (dirty: ${String(doc?.local_dirty)})`);
        else if (doc?.local_dirty) divergences.push(`client ${client.index} ${table}/${id}: still dirty`);
      }
      for (const [id, doc] of local) {
        if (!rows.has(id)) divergences.push(`client ${client.index} ${table}/${id}: not on the server (dirty: ${String(doc.local_dirty)})`);
      }
    }
  }
  return { server, divergences, pending };
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const tag = `Soak ${randomUUID().slice(0, 8)}`;
  const proxy = await FaultProxy.start({
    target: SUPABASE_URL,
    seed: options.seed,
    rates: options.rates,
    delayMs: [20, 300],
    dropHangMs: 30,
    maxRequests: 500_000,
    maxLifetimeMs: 30 * 60_000,
  });
  proxy.faultsEnabled = false;
  const users = await Promise.all(Array.from({ length: options.clients }, (_, i) => staffUser(`soak-${i}`)));
  const service = serviceClient();
  const organizationIds = Array.from({ length: 4 }, () => randomUUID());
  await service
    .from('organizations')
    .insert(organizationIds.map((id, i) => ({ id, legal_name: `${tag} Clinic ${i}`, type: 'healthcare' })))
    .throwOnError();
  const clients = users.map((user, index) => new SoakClient(index, user.id, { url: proxy.url, anonKey: SUPABASE_ANON_KEY, user: { id: user.id, email: user.email, password: user.password } }));
  try {
    await Promise.all(clients.map((client) => client.open()));
    const model = new SoakModel();
    const ctx: OpsContext = {
      model,
      tag,
      organizationIds,
      userIds: users.map((user) => user.id),
      counters: { offlineToggles: 0, reloads: 0, skippedEdits: 0 },
      maxReloadsPerClient: options.maxReloadsPerClient,
      pauseMs: options.pauseMs,
    };
    proxy.faultsEnabled = true;
    const started = Date.now();
    const quota = Math.ceil(options.ops / options.clients);
    await Promise.all(clients.map((client) => new ClientOps(ctx, client, seededRandom(options.seed * 31 + client.index)).run(quota)));
    const opsMs = Date.now() - started;

    // Drain: no more faults, everyone online; resync until all agree (or time runs out).
    proxy.faultsEnabled = false;
    const drainStarted = Date.now();
    await Promise.all(clients.map((client) => client.setOnline(true)));
    let convergeMs: number | null = null;
    let last: Snapshot | null = null;
    while (Date.now() - drainStarted < options.convergeTimeoutMs) {
      await Promise.all(clients.map((client) => client.resync()));
      await Promise.all(clients.map((client) => Promise.race([client.awaitInSync(), new Promise((resolve) => setTimeout(resolve, 15_000))])));
      last = await snapshot(clients, model, tag);
      if (last.divergences.length === 0 && last.pending === 0) {
        convergeMs = Date.now() - drainStarted;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const final = last ?? (await snapshot(clients, model, tag));
    const { missing, mismatches } = model.check(
      (row) => final.server.get(row.table)?.get(row.id),
      (a, b) => deepEqual(a ?? null, b ?? null),
    );
    const audits = await insertAudits([...model.rows.keys()]);
    let duplicates = 0;
    for (const [table, rows] of final.server) for (const id of rows.keys()) if (model.rows.get(id)?.table !== table) duplicates += 1;
    for (const id of model.rows.keys()) if ((audits.get(id) ?? 0) > 1) duplicates += (audits.get(id) ?? 0) - 1;
    const states = await Promise.all(clients.map((client) => client.state()));
    const lossDetails = [
      ...missing.map((row) => `${row}: missing on the server`),
      ...(await Promise.all(
        mismatches.slice(0, 20).map(
          async (m) =>
            `${m.table}/${m.id}.${m.field}: ${JSON.stringify(m.actual)} not in ${JSON.stringify(m.expected)}; server history: ${await fieldHistory(m.table, m.id, m.field, ctx.userIds)}`,
        ),
      )),
    ];
    return {
      seed: options.seed,
      clients: options.clients,
      edits: { creates: model.creates, edits: model.edits, total: model.creates + model.edits, skipped: ctx.counters.skippedEdits },
      faults: { ...proxy.counts, total: proxy.totalFaults },
      requests: proxy.requests,
      offlineToggles: ctx.counters.offlineToggles,
      reloads: ctx.counters.reloads,
      conflictNotices: states.reduce((sum, state) => sum + state.conflictNotices, 0),
      rejectedNotices: states.reduce((sum, state) => sum + state.rejectedNotices, 0),
      opsMs,
      convergeMs,
      losses: missing.length + mismatches.length,
      lossDetails: lossDetails.slice(0, 20),
      duplicates,
      divergences: final.divergences.length,
      divergenceDetails: final.divergences.slice(0, 20),
      clientStates: states,
    };
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
    await proxy.close();
  }
}

export function formatReport(report: SoakReport): string {
  const faults = Object.entries(report.faults)
    .map(([kind, count]) => `${kind}=${count}`)
    .join(' ');
  return [
    `soak: seed ${report.seed}, ${report.clients} clients`,
    `  edits made: ${report.edits.total} (${report.edits.creates} creates, ${report.edits.edits} edits; ${report.edits.skipped} edits skipped: record not yet on that client)`,
    `  faults injected: ${faults} (of ${report.requests} requests)`,
    `  offline/online toggles: ${report.offlineToggles}, reloads: ${report.reloads}`,
    `  conflicts merged with a notice: ${report.conflictNotices}, refused rows: ${report.rejectedNotices}`,
    `  ops phase: ${(report.opsMs / 1000).toFixed(1)} s, time to converge: ${report.convergeMs === null ? 'DID NOT CONVERGE' : `${(report.convergeMs / 1000).toFixed(1)} s`}`,
    `  losses: ${report.losses}, duplicates: ${report.duplicates}, divergent records: ${report.divergences}`,
    ...report.lossDetails.map((line) => `    loss: ${line}`),
    ...report.divergenceDetails.map((line) => `    divergence: ${line}`),
    ...report.clientStates.map((state, index) => `    client ${index}: ${JSON.stringify(state)}`),
  ].join('\n');
}
