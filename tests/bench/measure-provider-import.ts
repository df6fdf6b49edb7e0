/**
 * The bulk import's time for 500 NPIs (issue 33): starts a seeded local stack on its own
 * port (PGlite in memory, the registry simulator), then runs the import's own steps as the
 * page does: every row looked up through verify-npi (as the staff login, one call every
 * NPPES_SPACING_MS), then every ready row created through the add-provider create sequence
 * into an RxDB database (fake-indexeddb in Node: the device's writes, without the sync).
 * The simulator knows 240 individuals; the other rows are valid NPIs it does not know
 * (looked up at the same pace, refused). Run: `npx tsx tests/bench/measure-provider-import.ts [port]`.
 * The same import in the browser, through the page: measure-provider-import-browser.ts.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openLocalDatabase } from '../../src/db/database.ts';
import { newLocalDoc } from '../../src/db/index.ts';
import { createRow, lookUpRow } from '../../src/features/provider-import/data/import-steps.ts';
import { jobCounts, newJob, nextToCreate, nextToLookUp, NPPES_SPACING_MS, replaceRow, withLookup, withPhase } from '../../src/features/provider-import/model/import-job.ts';
import type { FunctionsInvoker } from '../../src/lib/functions/index.ts';
import { readImportRows } from '../../src/lib/provider-import/import-rows.ts';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/stack.ts';
import { benchNpis } from './import-npis.ts';
import { signInForToken } from './measure-baseline.ts';

const port = Number(process.argv[2] ?? 54498);
const COUNT = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


const stack = await startStack({ port, dataDir: null, seed: true, quiet: true });
try {
  const token = await signInForToken(stack.url, ANON_KEY, 'staff@demo-lab.test', 'demo-staff-2026');
  const invoker: FunctionsInvoker = {
    functions: {
      async invoke(name, options) {
        const response = await fetch(`${stack.url}/functions/v1/${name}`, {
          method: 'POST',
          headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...options.headers },
          body: JSON.stringify(options.body),
        });
        if (response.ok) return { data: (await response.json()) as unknown, error: null };
        return { data: null, error: { name: 'FunctionsHttpError', message: `HTTP ${response.status}`, context: response } };
      },
    },
  };
  const db = await openLocalDatabase('measure-provider-import', {
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    devMode: false,
    multiInstance: false,
    tables: ['organizations', 'providers', 'provider_organization_memberships', 'provider_preferences'],
  });
  const organization = crypto.randomUUID();
  await db.organizations.insert(newLocalDoc('organizations', { id: organization, legal_name: 'Bench Clinic', type: 'clinic', account_number: '90001', is_active: true }));
  const read = readImportRows(['npi,account_number', ...benchNpis(COUNT).map((npi) => `${npi},90001`)].join('\n'), {
    providersByNpi: new Map(),
    organizationsByAccount: new Map([['90001', organization]]),
  });
  if (!read.ok) throw new Error(read.message);

  let job = newJob('bench.csv', read.rows, () => crypto.randomUUID(), new Date().toISOString());
  const lookupStarted = performance.now();
  let retries = 0;
  for (let row = nextToLookUp(job); row; row = nextToLookUp(job)) {
    const answer = await lookUpRow(invoker, row);
    if (answer === 'retry') retries += 1;
    else job = replaceRow(job, withLookup(row, answer));
    await sleep(NPPES_SPACING_MS);
  }
  const lookupSeconds = (performance.now() - lookupStarted) / 1000;

  job = withPhase(job, 'importing');
  const createStarted = performance.now();
  for (let row = nextToCreate(job); row; row = nextToCreate(job)) job = replaceRow(job, await createRow(db, job, row, '0b000000-0000-4000-8000-000000000001'));
  const createSeconds = (performance.now() - createStarted) / 1000;
  const counts = jobCounts(job);
  console.log(`lookups: ${COUNT} NPIs in ${lookupSeconds.toFixed(1)} s (${(COUNT / lookupSeconds).toFixed(2)}/s, spaced ${NPPES_SPACING_MS} ms, ${retries} retried)`);
  console.log(`creation: ${counts.created} created, ${counts.failed} failed, ${counts.rejected} rejected in ${createSeconds.toFixed(1)} s on the device`);
  console.log(`total: ${(lookupSeconds + createSeconds).toFixed(1)} s for ${COUNT} NPIs`);
  await db.remove();
} finally {
  await stack.stop();
}
