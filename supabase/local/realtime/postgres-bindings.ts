/**
 * The `postgres_changes` bindings of a channel join: what the client asked for, echoed
 * back with an integer id (realtime-js matches the reply to its bindings in order and
 * routes each change by these ids), plus the parsed filter used when changes arrive.
 */
import { isRecord } from './frames.ts';
import { FilterError, parseFilter, type FilterCondition } from './filters.ts';
import type { TableInfo } from './change-triggers.ts';

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface PostgresBinding {
  id: number;
  event: ChangeEvent;
  schema: string;
  /** `undefined` or `*`: every published table of the schema. */
  table: string | undefined;
  filter: string | undefined;
  conditions: FilterCondition[];
  /** False when the event or filter could not be parsed: echoed, but never delivered. */
  active: boolean;
  /** The client's params as sent, echoed in the join reply with the id added. */
  params: Record<string, unknown>;
}

export interface BindingsResult {
  bindings: PostgresBinding[];
  /** Problems Realtime reports in a `system` message after the join (bad filter, column). */
  errors: string[];
}

const EVENTS = new Set<string>(['*', 'INSERT', 'UPDATE', 'DELETE']);

export function parseBindings(value: unknown, tables: Map<string, TableInfo>): BindingsResult {
  const list = Array.isArray(value) ? value : [];
  const bindings: PostgresBinding[] = [];
  const errors: string[] = [];
  for (const params of list) {
    if (!isRecord(params)) continue;
    const event = typeof params.event === 'string' ? params.event.toUpperCase() : '';
    const schema = typeof params.schema === 'string' ? params.schema : 'public';
    const table = typeof params.table === 'string' && params.table !== '*' ? params.table : undefined;
    const filter = typeof params.filter === 'string' && params.filter !== '' ? params.filter : undefined;
    let conditions: FilterCondition[] = [];
    const errorCount = errors.length;
    if (!EVENTS.has(event)) {
      errors.push(`Error parsing \`event\` params: ${String(params.event)}`);
    } else if (filter) {
      const info = table ? tables.get(`${schema}.${table}`) : undefined;
      try {
        if (!info) throw new FilterError(`Filters need a published table, got ${schema}.${table ?? '*'}`);
        conditions = parseFilter(filter, info.columns.map((column) => column.name));
      } catch (error) {
        errors.push(error instanceof FilterError ? error.message : String(error));
      }
    }
    const active = errors.length === errorCount;
    bindings.push({ id: bindingId(params), event: event as ChangeEvent, schema, table, filter, conditions, active, params });
  }
  return { bindings, errors };
}

/** Does a binding listen to this change (filters aside)? */
export function bindingWants(binding: PostgresBinding, schema: string, table: string, type: string): boolean {
  return (
    binding.active &&
    (binding.event === '*' || binding.event === type) &&
    binding.schema === schema &&
    (binding.table === undefined || binding.table === table)
  );
}

/**
 * Realtime uses `:erlang.phash2(params)`, a 27-bit hash of the params; any stable
 * non-negative integer per distinct params will do for the client.
 */
function bindingId(params: Record<string, unknown>): number {
  const text = JSON.stringify(params, Object.keys(params).sort());
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 ** 27;
}
