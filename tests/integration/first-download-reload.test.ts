/**
 * Issue 34: a page reloaded (or killed) during the first download must come back with the
 * truth. A first download is recorded once, write transaction by write transaction (the
 * documents, the replication's records and checkpoint of every collection, the sync state,
 * the lists saved for the next visit); then, in a fresh browser each time, the page is ended
 * right after each of those commits, and the next page of that browser must:
 * - never say "Up to date" while the provider list misses a row the server has,
 * - show every provider once it says "Up to date" (and still a moment later),
 * - find no checkpoint ahead of the documents it covers (every server row up to a table's
 *   stored checkpoint is on the device).
 * Small pull batches make the download many stages; the list machinery checked is the one
 * every list shares (src/lib/list), through the provider list.
 *
 * Issue 47: "Up to date" means the device's copy is complete, for every synced collection,
 * the protected ones (patients, orders, results: opened with the key kept for the session)
 * included. Every next page that says "Up to date" must hold every row the server has for
 * the user in every collection; and the reload is tried at each kind of stage of every
 * collection's download: before the first page (the download's first commit), mid-table
 * (its first page of rows, more to come), between tables (its checkpoint after its first
 * page, and after its last), and after the last commit of the download.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_OF, PROTECTED_TABLES, SYNC_ORDER, type SyncedTable } from '../../src/db/tables/definitions.ts';
import { serviceClient, signedInUser, type TestUser } from '../helpers/clients.ts';
import { randomNpi } from '../contract/directory-helpers.ts';
import type { Commit } from './helpers/page-indexeddb.ts';
import { mentions, PAGE_GONE } from './helpers/page-gone.ts';
import { SimulatedBrowser, type SimulatedPage } from './helpers/simulated-page.ts';

const PULL_BATCH = 3;
/**
 * The first page is a busy one (a loaded machine, as in the CI run of issue 34): its list
 * applies what it has seen a moment late, and the list's save comes due in between.
 */
const BUSY = { listLateByMs: 2500 };
/**
 * The stages every run ends the page at: the provider list's own (its documents, records and
 * checkpoints), the sync state and the saved lists (about a minute each way).
 * RELOAD_TEST_ALL_STAGES=1 ends it after every commit of every collection (about fifty
 * stages each way, too long for every run of the suite).
 */
const IN_EVERY_RUN = /^(providers:|plugin-local-documents|labdir-list-snapshots)/;
let user: TestUser;
const created: Array<[string, string]> = [];

async function insert(table: string, rows: Array<Record<string, unknown>>) {
  const { error } = await serviceClient().from(table).insert(rows);
  if (error) throw new Error(`${table}: ${error.message}`);
  rows.forEach((row) => created.push([table, String(row.id)]));
}

// A page that is gone still has calls under way; they fail with PAGE_GONE, and a killed page's
// running transactions are aborted, as a closed tab's would be. Anything else is a defect.
const unexpected: unknown[] = [];
const onRejection = (error: unknown) => {
  if (!mentions(error, PAGE_GONE) && !mentions(error, 'aborted')) unexpected.push(error);
};

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  user = await signedInUser('reload-staff');
  await insert('user_roles', [{ id: randomUUID(), user_id: user.id, role: 'staff' }]);
  const orgs = Array.from({ length: 3 }, (_, i) => ({ id: randomUUID(), legal_name: `Reload Clinic ${i}`, type: 'non_healthcare' }));
  await insert('organizations', orgs);
  const providers = Array.from({ length: 7 }, (_, i) => ({
    id: randomUUID(),
    npi: i % 3 === 2 ? null : randomNpi(),
    first_name: `Reload${i}`,
    last_name: `Provider${i}`,
    default_organization_id: orgs[i % 3]!.id,
  }));
  await insert('providers', providers);
  await insert('provider_organization_memberships', providers.slice(0, 4).map((p, i) => ({ id: randomUUID(), provider_id: p.id, organization_id: orgs[i % 3]!.id })));
  await insert('provider_preferences', providers.slice(0, 3).map((p) => ({ id: randomUUID(), provider_id: p.id })));
  await insert('provider_delegate_approvals', providers.slice(0, 2).map((p) => ({ id: randomUUID(), provider_id: p.id, delegate_id: user.id, approval_type: 'both' })));
  await insert('pickup_requests', [{
    id: randomUUID(), organization_id: orgs[0]!.id, pickup_date: '2026-12-01', window_start: '09:00', window_end: '11:00',
    specimen_count: 2, transport_temperature: 'ambient',
  }]);
  await insert('alerts', [{ id: randomUUID(), provider_id: providers[0]!.id, kind: 'pecos_lost', summary: 'Medicare enrollment lost.', details: {} }]);
  // The protected collections: a few pages of each (the device opens them with the session's kept key).
  const run = randomUUID().replace(/[^0-9]/g, '').slice(0, 6).padEnd(6, '7');
  const patients = Array.from({ length: 5 }, (_, i) => ({
    id: randomUUID(), lab_patient_id: `P-7${run}-000${i}`, first_name: `Reload${i}`, last_name: `Patient${i}`, date_of_birth: '1950-01-02', sex: 'female',
  }));
  await insert('patients', patients);
  const orders = patients.slice(0, 4).map((patient, i) => ({
    id: randomUUID(), requisition_number: `R-7${run}-000${i}`, status: 'submitted', organization_id: orgs[i % 3]!.id, provider_id: providers[i]!.id,
    patient_id: patient.id, billing: 'client', tests: [{ code: 'GLU', cpt_codes: ['82947'] }], diagnoses: [], priority: 'routine',
  }));
  await insert('orders', orders);
  await insert('results', orders.map((order) => ({
    id: randomUUID(), order_id: order.id, patient_id: order.patient_id, provider_id: order.provider_id, organization_id: order.organization_id,
    requisition_number: order.requisition_number, test_code: 'GLU', test_name: 'Glucose', status: 'final', observations: [],
  })));
}, 120_000);

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  const service = serviceClient();
  for (const [table, id] of created.reverse()) await service.from(table).delete().eq('id', id);
});

/** The providers the server has for this user (the list must show them all). */
async function serverProviderIds(): Promise<string[]> {
  const { data, error } = await user.client.from('providers').select('id').eq('_deleted', false);
  if (error) throw error;
  return (data ?? []).map((row: { id: string }) => row.id).sort();
}

/** Names a commit: `<table>:docs`, `<table>:meta`, `<table>:checkpoint`, or the database's own name. */
function stageOf(page: SimulatedPage, commit: Commit): string {
  // A Dexie database writes rows to `docs`; the packed replication metadata, log records of rows to `records`.
  const packed = (commit.writes.get('records')?.put ?? []).flatMap((record) => (record as { rows?: unknown[] }).rows ?? []);
  const docs = [...(commit.writes.get('docs')?.put ?? []), ...packed];
  for (const table of SYNC_ORDER) {
    const metaName = engineOf(page, table)?.replicationOf(table)?.metaInstance?.collectionName;
    if (metaName && commit.database.endsWith(`--${metaName}`)) {
      const checkpoint = docs.some((doc) => (doc as { isCheckpoint?: string }).isCheckpoint === '1');
      return `${table}:${checkpoint ? 'checkpoint' : 'meta'}`;
    }
  }
  for (const table of SYNC_ORDER) if (commit.database.endsWith(`--${COLLECTION_OF[table]}`)) return `${table}:docs`;
  return commit.database.replace(/^rxdb-dexie-[^-]+-[0-9a-f-]+(-protected)?--\d+--/, '');
}

/** The sync engine and database a table lives in on this page (the protected ones have their own). */
function engineOf(page: SimulatedPage, table: SyncedTable) {
  return PROTECTED_TABLES.includes(table) ? page.protectedSession?.engine : page.session.engine;
}
function databaseOf(page: SimulatedPage, table: SyncedTable) {
  return PROTECTED_TABLES.includes(table) ? page.protectedSession?.db : page.db;
}

/** Every row the server has for the user in every synced collection that this device lacks. */
async function collectionsIncomplete(page: SimulatedPage): Promise<string[]> {
  const missing: string[] = [];
  for (const table of SYNC_ORDER) {
    const { data, error } = await user.client.from(table).select('id').eq('_deleted', false).limit(10_000);
    if (error) throw new Error(`${table}: ${error.message}`);
    const ids = (data ?? []).map((row: { id: string }) => row.id);
    const db = databaseOf(page, table);
    if (!db) {
      missing.push(`${table}: not open`);
      continue;
    }
    const local = await db.collections[COLLECTION_OF[table] as 'providers'].storageInstance.findDocumentsById(ids, false);
    const have = new Set(local.map((doc) => String((doc as { id: string }).id)));
    const lacking = ids.filter((id) => !have.has(id));
    if (lacking.length > 0) missing.push(`${table}: ${lacking.length} of ${ids.length}`);
  }
  return missing;
}

/** Every table's server rows up to its stored checkpoint that the device lacks (checkpoints ahead of documents). */
async function checkpointsAhead(page: SimulatedPage): Promise<string[]> {
  const missing: string[] = [];
  for (const table of SYNC_ORDER) {
    const replication = engineOf(page, table)?.replicationOf(table);
    const meta = replication?.metaInstance;
    if (!meta) continue;
    const [stored] = await meta.findDocumentsById(['down|1'], false);
    const checkpoint = (stored as { checkpointData?: { modified?: string; id?: string } } | undefined)?.checkpointData;
    if (!checkpoint?.modified || !checkpoint.id) continue;
    const { data } = await user.client
      .from(table)
      .select('id,_modified')
      .or(`_modified.lt."${checkpoint.modified}",and(_modified.eq."${checkpoint.modified}",id.lte.${checkpoint.id})`);
    const ids = (data ?? []).map((row: { id: string }) => row.id);
    const local = await databaseOf(page, table)!.collections[COLLECTION_OF[table] as 'providers'].storageInstance.findDocumentsById(ids, true);
    const have = new Set(local.map((doc) => String((doc as { id: string }).id)));
    for (const id of ids) if (!have.has(id)) missing.push(`${table}:${id.slice(0, 8)}`);
  }
  return missing;
}

/** The promise's value, or a failure naming what hung. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} hung`)), ms)));
  try {
    return await Promise.race([promise, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** A page opened within a minute; one that opens later is ended and closed then (it must not linger). */
async function opened(opening: Promise<SimulatedPage>, what: string): Promise<SimulatedPage> {
  try {
    return await within(60_000, what, opening);
  } catch (error) {
    void opening.then((page) => (page.end('kill'), page.close())).catch(() => undefined);
    throw error;
  }
}

const NOT_REACHED = 'the stage was not reached';

interface Stage {
  stage: string;
  nth: number;
}

/** A full first download, its commits named in order. */
async function recordStages(): Promise<Stage[]> {
  const browser = new SimulatedBrowser(user, { pullBatchSize: PULL_BATCH, protected: true });
  const names: string[] = [];
  const page = await browser.openPage((current, commit) => names.push(stageOf(current, commit)), BUSY);
  const total = (await serverProviderIds()).length;
  const by = Date.now() + 60_000;
  while (!(page.label() === 'Up to date' && page.shown().rows.length === total) && Date.now() < by) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, 3000)); // the lists saved for the next visit, too
  await page.close();
  const counts = new Map<string, number>();
  return names.map((stage) => {
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
    return { stage, nth: counts.get(stage)! };
  });
}

/** Ends a fresh browser's first page after the stage, then follows its next page; what went wrong, or ''. */
async function reloadAt(stage: Stage, how: 'kill' | 'unload', expected: string[]): Promise<string> {
  const browser = new SimulatedBrowser(user, { pullBatchSize: PULL_BATCH, protected: true });
  const seen = new Map<string, number>();
  const first = await opened(browser.openPage((page, commit) => {
    const name = stageOf(page, commit);
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (name === stage.stage && seen.get(name) === stage.nth && !page.idb.ended) page.end(how);
  }, BUSY), 'opening the first page');
  const by = Date.now() + 30_000;
  while (!first.idb.ended && Date.now() < by) await new Promise((r) => setTimeout(r, 20));
  await within(30_000, 'closing the ended page', first.close());
  if (!first.idb.ended) return NOT_REACHED;

  const next = await opened(browser.openPage(), 'opening the next page');
  try {
    const ahead = await within(10_000, 'reading the checkpoints', checkpointsAhead(next));
    if (ahead.length > 0) return `checkpoints ahead of their documents: ${ahead.join(', ')}`;
    const started = Date.now();
    for (;;) {
      const label = next.label();
      const view = next.shown();
      const shown = view.rows.map((row) => row.id).sort();
      const complete = expected.every((id) => shown.includes(id));
      // A list still reading this device's copy shows a spinner, not a list.
      const listed = view.display !== 'loading';
      if (label === 'Up to date' && listed && !complete) return `"Up to date" with ${shown.length} of ${expected.length} providers shown (${view.display})`;
      if (label === 'Up to date' && listed) {
        const incomplete = await within(20_000, 'comparing the collections', collectionsIncomplete(next));
        if (incomplete.length > 0) return `"Up to date" with rows missing: ${incomplete.join(', ')}`;
        await new Promise((r) => setTimeout(r, 500));
        const later = next.shown().rows.length;
        return later === expected.length ? '' : `${later} providers shown a moment after "Up to date"`;
      }
      if (Date.now() - started > 20_000) return `not "Up to date" after 20 s (${label}, ${shown.length} providers shown)`;
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    await within(30_000, 'closing the next page', next.close());
  }
}

/**
 * Issue 47's stages for every collection: its first page of rows (mid-table when more pages
 * follow), its first checkpoint and its last (between tables), with the download's first
 * commit (before any page) and its last; in the download's order, without the provider
 * list's own stages (every run ends the page after each of those, both ways).
 */
function everyCollectionStages(stages: Stage[]): Stage[] {
  const chosen = new Set<Stage>([stages[0]!, stages.at(-1)!]);
  for (const table of SYNC_ORDER) {
    const of = (kind: string) => stages.filter((stage) => stage.stage === `${table}:${kind}`);
    for (const stage of [of('docs')[0], of('checkpoint')[0], of('checkpoint').at(-1)]) if (stage) chosen.add(stage);
  }
  return stages.filter((stage) => chosen.has(stage) && !IN_EVERY_RUN.test(stage.stage));
}

describe('a page reloaded or killed during the first download', () => {
  let stages: Stage[] = [];
  let expected: string[] = [];

  beforeAll(async () => {
    expected = await serverProviderIds();
    stages = await recordStages();
  }, 120_000);

  it('records a first download of every collection, stage by stage', () => {
    const names = new Set(stages.map((s) => s.stage));
    for (const table of SYNC_ORDER) {
      if (table === 'profiles') continue;
      expect(names, table).toContain(`${table}:docs`);
      expect(names, table).toContain(`${table}:checkpoint`);
    }
  });

  for (const how of ['kill', 'unload'] as const) {
    it(`comes back with every provider and a true status, the page ${how === 'kill' ? 'killed' : 'unloaded'} after each stage`, async () => {
      const failures: string[] = [];
      // A download's commits vary a little from run to run (pages read ahead, writes joined):
      // a stage this run did not reach is left out, but most must be reached.
      let tried = 0;
      let unreached = 0;
      for (const stage of stages) {
        if (!process.env.RELOAD_TEST_ALL_STAGES && !IN_EVERY_RUN.test(stage.stage)) continue;
        if (process.env.ONLY && !`${stage.stage} #${stage.nth}`.includes(process.env.ONLY)) continue;
        const problem = await reloadAt(stage, how, expected).catch((error: Error) => error.message);
        tried += 1;
        if (problem === NOT_REACHED) unreached += 1;
        else if (problem) failures.push(`${stage.stage} #${stage.nth}: ${problem}`);
        // Progress of a long run, where asked (the reporter shows nothing until the end).
        if (process.env.RELOAD_TEST_PROGRESS) appendFileSync(process.env.RELOAD_TEST_PROGRESS, `${how} ${stage.stage} #${stage.nth}: ${problem || 'ok'}\n`);
      }
      expect(failures).toEqual([]);
      expect(unreached).toBeLessThanOrEqual(tried / 2);
      expect(unexpected).toEqual([]);
    }, 1_200_000);
  }

  it('comes back complete in every synced collection when it says "Up to date", ended at each stage of each collection', async () => {
    const failures: string[] = [];
    const matrix = everyCollectionStages(stages);
    let unreached = 0;
    for (const [index, stage] of matrix.entries()) {
      // Both ways of ending a page, in turn.
      const how = index % 2 === 0 ? 'kill' : 'unload';
      const problem = await reloadAt(stage, how, expected).catch((error: Error) => error.message);
      if (problem === NOT_REACHED) unreached += 1;
      else if (problem) failures.push(`${stage.stage} #${stage.nth} (${how}): ${problem}`);
      if (process.env.RELOAD_TEST_PROGRESS) appendFileSync(process.env.RELOAD_TEST_PROGRESS, `every ${how} ${stage.stage} #${stage.nth}: ${problem || 'ok'}\n`);
    }
    expect(failures).toEqual([]);
    expect(unreached).toBeLessThanOrEqual(matrix.length / 2);
    expect(matrix.map((stage) => stage.stage)).toEqual(expect.arrayContaining(PROTECTED_TABLES.map((table) => `${table}:docs`)));
    expect(unexpected).toEqual([]);
  }, 1_800_000);
});
