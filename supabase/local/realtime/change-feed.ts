/**
 * From NOTIFY to `postgres_changes` messages. Notifications are coalesced (everything that
 * arrived in one turn of the event loop is one batch); for each batch, each group of
 * subscribers sharing the same JWT claims and each table, the changed rows are re-selected
 * in ONE query under those claims (so RLS decides what each subscriber may see, and a row
 * they may not see never reaches them), with every binding's filter evaluated by Postgres
 * in the same query. Records are serialised by `to_jsonb`, so timestamps keep their
 * microseconds and json/arrays round-trip. Deletes carry only the old primary key, as
 * Realtime sends them (RLS cannot apply to a row that no longer exists), and only to roles
 * that may select from the table at all.
 */
import { quoteIdent, type Database } from '../db/database.ts';
import type { Claims } from '../jwt.ts';
import { CHANGES_CHANNEL, type ChangeNotice, type TableInfo } from './change-triggers.ts';
import type { Channel, ChannelHub } from './channel-hub.ts';
import { compileFilter, type FilterCondition } from './filters.ts';
import { bindingWants, type PostgresBinding } from './postgres-bindings.ts';

/** Keys per re-select query: a 500-row push is one query per subscriber group. */
const CHUNK = 1000;

interface Group {
  claims: Claims;
  channels: Channel[];
}

/** Per table and group: rows found (by primary-key text) with their filter results. */
interface Resolved {
  filters: Map<string, number>;
  rows: Map<string, { record: Record<string, unknown>; matches: boolean[] }>;
  /** Filter results of each DELETE notice, by its position in the batch. */
  deletes: Map<number, boolean[]>;
}

export class ChangeFeed {
  private queue: ChangeNotice[] = [];
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;
  /** `role|schema.table` → may the role select the table at all (grants, before RLS). */
  private readonly selectable = new Map<string, boolean>();

  constructor(
    private readonly db: Database,
    private readonly hub: ChannelHub,
    private readonly tables: Map<string, TableInfo>,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.pg.listen(CHANGES_CHANNEL, (payload) => this.onNotice(payload));
  }

  /** Stop listening and let the batch in progress finish. */
  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.queue = [];
    await unlisten?.().catch(() => {});
    await this.chain;
  }

  private onNotice(payload: string): void {
    if (!this.unlisten) return;
    try {
      this.queue.push(JSON.parse(payload) as ChangeNotice);
    } catch {
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.queue;
      this.queue = [];
      // One batch at a time, so subscribers see changes in commit order.
      this.chain = this.chain.then(() =>
        this.deliver(batch).catch((error: unknown) => this.log(`realtime: delivery failed: ${String(error)}`)),
      );
    });
  }

  private async deliver(batch: ChangeNotice[]): Promise<void> {
    const groups = new Map<string, Group>();
    for (const channel of this.hub.subscribers()) {
      if (!batch.some((notice) => channel.bindings.some((b) => bindingWants(b, notice.schema, notice.table, notice.type)))) {
        continue;
      }
      const key = JSON.stringify(channel.claims);
      const group = groups.get(key) ?? { claims: channel.claims, channels: [] };
      group.channels.push(channel);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const resolved = new Map<string, Resolved>();
      for (const tableKey of new Set(batch.map((notice) => `${notice.schema}.${notice.table}`))) {
        const info = this.tables.get(tableKey);
        // Like Realtime, a role without SELECT on the table gets none of its changes.
        if (!info || !(await this.canSelect(group.claims.role, info))) continue;
        try {
          resolved.set(tableKey, await this.resolve(group, info, batch));
        } catch (error) {
          this.log(`realtime: re-select of ${tableKey} failed for role ${group.claims.role}: ${String(error)}`);
        }
      }
      batch.forEach((notice, index) => this.send(group, notice, index, resolved));
    }
  }

  private async canSelect(role: string, info: TableInfo): Promise<boolean> {
    const key = `${role}|${info.schema}.${info.table}`;
    let allowed = this.selectable.get(key);
    if (allowed === undefined) {
      const result = await this.db.pg.query<{ allowed: boolean }>(
        `select has_table_privilege($1, format('%I.%I', $2::text, $3::text), 'SELECT') as allowed`,
        [role, info.schema, info.table],
      );
      allowed = result.rows[0]?.allowed === true;
      this.selectable.set(key, allowed);
    }
    return allowed;
  }

  private async resolve(group: Group, info: TableInfo, batch: ChangeNotice[]): Promise<Resolved> {
    const wanted = (b: PostgresBinding, type: string) => bindingWants(b, info.schema, info.table, type);
    const bindings = group.channels.flatMap((channel) => channel.bindings);
    const filters = new Map<string, number>();
    for (const binding of bindings) {
      if (binding.filter && binding.table === info.table && !filters.has(binding.filter)) {
        filters.set(binding.filter, filters.size);
      }
    }
    const conditions = [...filters.keys()].map((filter) => bindings.find((b) => b.filter === filter)?.conditions ?? []);
    const resolved: Resolved = { filters, rows: new Map(), deletes: new Map() };
    const ofTable = (notice: ChangeNotice) => notice.schema === info.schema && notice.table === info.table;

    const keys = new Map<string, Record<string, unknown>>();
    for (const notice of batch) {
      if (ofTable(notice) && notice.type !== 'DELETE' && bindings.some((b) => wanted(b, notice.type))) {
        keys.set(pkText(info, notice.pk), notice.pk);
      }
    }
    const target = `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;
    const pkColumns = info.primaryKey.map((column) => quoteIdent(column.name));
    const pkTypes = info.primaryKey.map((column) => `${quoteIdent(column.name)} ${column.sqlType}`).join(', ');
    const all = [...keys.values()];
    for (let start = 0; start < all.length; start += CHUNK) {
      const keysJson = JSON.stringify(all.slice(start, start + CHUNK));
      const rows = await eachFilterApart(conditions, (list) => {
        const params: unknown[] = [keysJson];
        const matches = list.map((filter) => compileFilter(filter, params));
        const sql =
          `select to_jsonb(t) as record, array[${matches.join(', ')}]::boolean[] as matches from ${target} t ` +
          `where (${pkColumns.map((c) => `t.${c}`).join(', ')}) in ` +
          `(select ${pkColumns.map((c) => `x.${c}`).join(', ')} from jsonb_to_recordset($1::jsonb) as x(${pkTypes}))`;
        return this.db.asCaller(group.claims, (tx) =>
          tx.query<{ record: Record<string, unknown>; matches: boolean[] }>(sql, params),
        ).then((result) => result.rows);
      }, (row) => pkText(info, row.record));
      for (const row of rows) resolved.rows.set(pkText(info, row.record), row);
    }

    // Deletes: filters can only see the old key (the other columns are null), as in Realtime.
    const deletes = batch
      .map((notice, index) => ({ notice, index }))
      .filter(({ notice }) => ofTable(notice) && notice.type === 'DELETE');
    if (deletes.length > 0 && filters.size > 0) {
      const keysJson = JSON.stringify(deletes.map(({ notice }) => notice.old_pk ?? notice.pk));
      const rows = await eachFilterApart(conditions, (list) => {
        const params: unknown[] = [keysJson];
        const matches = list.map((filter) => compileFilter(filter, params));
        const sql =
          `select (e.ord - 1)::int as position, array[${matches.join(', ')}]::boolean[] as matches ` +
          `from jsonb_array_elements($1::jsonb) with ordinality as e(v, ord), jsonb_populate_record(null::${target}, e.v) as t`;
        return this.db.asOwner((tx) => tx.query<{ position: number; matches: boolean[] }>(sql, params)).then((result) => result.rows);
      }, (row) => String(row.position));
      for (const row of rows) {
        const entry = deletes[row.position];
        if (entry) resolved.deletes.set(entry.index, row.matches);
      }
    }
    return resolved;
  }

  private send(group: Group, notice: ChangeNotice, index: number, resolved: Map<string, Resolved>): void {
    const tableKey = `${notice.schema}.${notice.table}`;
    const info = this.tables.get(tableKey);
    const found = resolved.get(tableKey);
    if (!info || !found) return;
    const row = notice.type === 'DELETE' ? undefined : found.rows.get(pkText(info, notice.pk));
    if (notice.type !== 'DELETE' && !row) return; // not visible to these claims
    const matches = notice.type === 'DELETE' ? found.deletes.get(index) : row?.matches;
    for (const channel of group.channels) {
      const ids = channel.bindings
        .filter((binding) => bindingWants(binding, notice.schema, notice.table, notice.type))
        .filter((binding) => !binding.filter || matches?.[found.filters.get(binding.filter) ?? -1] === true)
        .map((binding) => binding.id);
      if (ids.length === 0) continue;
      const data: Record<string, unknown> = {
        schema: notice.schema,
        table: notice.table,
        commit_timestamp: notice.commit_timestamp,
        type: notice.type,
        columns: info.columns,
      };
      if (row) data.record = row.record;
      if (notice.type !== 'INSERT') data.old_record = notice.old_pk ?? notice.pk;
      data.errors = null;
      channel.outlet.send({
        joinRef: null,
        ref: null,
        topic: channel.topic,
        event: 'postgres_changes',
        payload: { ids: [...new Set(ids)], data },
      });
    }
  }
}

/**
 * Runs `query` with every filter at once. When Postgres refuses that (one subscriber's
 * filter holds a regular expression that does not compile, or text with a NUL), runs the
 * rows alone and then each filter alone, so a bad filter matches nothing and never spoils
 * the delivery of the other subscribers' changes.
 */
async function eachFilterApart<Row extends { matches: boolean[] }>(
  conditions: FilterCondition[][],
  query: (conditions: FilterCondition[][]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): Promise<Row[]> {
  try {
    return await query(conditions);
  } catch (error) {
    if (conditions.length === 0) throw error;
  }
  const rows = await query([]);
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  for (const row of rows) row.matches = conditions.map(() => false);
  for (const [index, filter] of conditions.entries()) {
    const alone = await query([filter]).catch(() => []);
    for (const row of alone) {
      const target = byKey.get(keyOf(row));
      if (target) target.matches[index] = row.matches[0] === true;
    }
  }
  return rows;
}

function pkText(info: TableInfo, values: Record<string, unknown>): string {
  return JSON.stringify(info.primaryKey.map((column) => values[column.name] ?? null));
}
