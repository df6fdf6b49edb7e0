/**
 * Reads a large set of rows by key with one key scan first, so keys that are not there cost
 * no request of their own. A Dexie middleware (the DBCore `getMany` of every table).
 *
 * RxDB reads every pulled batch four times before writing it: its replication looks up the
 * local documents and their replication state, then the storage reads both again inside
 * its write (downstream.js, rx-storage-instance-dexie.js). Dexie asks IndexedDB for each
 * key in its own request, and in Chromium a request costs 40–70 µs however small its
 * answer, while reading one key of a key scan costs 3–7 µs (measured on these machines).
 * In a first download nearly every looked-up key is missing: 200,000 wasted requests at
 * 50,000 providers. Here, for a large read, one `getAllKeys` over the keys' range (capped
 * at what the per-key requests would have cost) tells which keys exist; only those are
 * read. Within the same transaction, so the answer is the one per-key reads would give.
 */
import type { DBCore, DBCoreGetManyRequest, DBCoreTable, Middleware } from 'dexie';

/** Fewer keys than this are read one request each: a scan would not pay for itself. */
export const MIN_KEYS_FOR_SCAN = 200;
/** How many keys of a scan cost about one request (40–70 µs against 3–7 µs, conservatively). */
export const SCANNED_KEYS_PER_REQUEST = 8;

/** DBCoreRangeType.Range (a const enum, which an isolated-module build cannot read from the types). */
const RANGE = 2;

// RxDB's primary keys are strings, which IndexedDB orders as JavaScript's `<` does.
type Key = string;

function compareKeys(a: Key, b: Key): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function readManyAfterScan(table: DBCoreTable, request: DBCoreGetManyRequest): Promise<unknown[]> {
  const keys = request.keys as Key[];
  const sorted = [...keys].sort(compareKeys);
  const limit = keys.length * SCANNED_KEYS_PER_REQUEST;
  const { result } = await table.query({
    trans: request.trans,
    values: false,
    limit,
    query: { index: table.schema.primaryKey, range: { type: RANGE, lower: sorted[0], upper: sorted.at(-1), lowerOpen: false, upperOpen: false } },
  });
  const scanned = result as Key[];
  const existing = new Set(scanned);
  // A capped scan stopped at its last key: keys past it are read as before.
  const coveredUpTo = scanned.length < limit ? undefined : scanned.at(-1);
  const toRead = keys.filter((key) => existing.has(key) || (coveredUpTo !== undefined && compareKeys(key, coveredUpTo) > 0));
  if (toRead.length === 0) return keys.map(() => undefined);
  const rows = await table.getMany({ ...request, keys: toRead });
  const byKey = new Map<Key, unknown>();
  toRead.forEach((key, at) => byKey.set(key, rows[at]));
  return keys.map((key) => byKey.get(key));
}

function withKeyScanReads(table: DBCoreTable): DBCoreTable {
  const { primaryKey } = table.schema;
  // Only inbound keys of one path (RxDB's primary key).
  if (primaryKey.outbound || typeof primaryKey.keyPath !== 'string') return table;
  return {
    ...table,
    getMany(request) {
      const scannable = request.keys.length >= MIN_KEYS_FOR_SCAN && request.keys.every((key) => typeof key === 'string');
      if (!scannable) return table.getMany(request);
      return readManyAfterScan(table, request);
    },
  };
}

export const keyScanBulkReads: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'key-scan-bulk-reads',
  create: (down) => ({
    ...down,
    table: (name) => withKeyScanReads(down.table(name)),
  }),
};
