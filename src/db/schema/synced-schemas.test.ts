import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_COLUMNS, type SyncedTable } from '../tables/definitions.ts';
import { readMigrationColumns, parseColumnDefinition } from './migration-columns.ts';
import { syncedSchema } from './synced-schemas.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../supabase/migrations');

function migrations(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort()
    .map((name) => fs.readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8'));
}

const tables = Object.keys(TABLE_COLUMNS) as SyncedTable[];

describe('local schemas against supabase/migrations', () => {
  const server = readMigrationColumns(migrations());

  it.each(tables)('%s: same columns, types, nullability and defaults', (table) => {
    const serverColumns = server.get(table);
    expect(serverColumns, `public.${table} in the migrations`).toBeDefined();
    const fromSql = Object.fromEntries([...(serverColumns ?? new Map())].filter(([name]) => !name.startsWith('_')));
    expect(fromSql).toEqual(TABLE_COLUMNS[table]);
    // Every synced table carries the sync bookkeeping the replication relies on.
    expect(serverColumns?.get('_modified')).toMatchObject({ type: 'timestamptz', nullable: false });
    expect(serverColumns?.get('_deleted')).toMatchObject({ type: 'boolean', nullable: false, default: false });
  });

  it.each(tables)('%s: the RxDB schema has every column plus the local fields', (table) => {
    const schema = syncedSchema(table);
    const names = Object.keys(schema.properties);
    expect(names).toEqual(expect.arrayContaining([...Object.keys(TABLE_COLUMNS[table]), 'server_modified', 'local_dirty']));
    expect(names.some((name) => name.startsWith('_'))).toBe(false);
    expect(schema.primaryKey).toBe('id');
    expect(schema.required).toEqual(names);
    for (const [name, spec] of Object.entries(TABLE_COLUMNS[table])) {
      const type = (schema.properties as Record<string, { type: unknown }>)[name]?.type;
      if (spec.type !== 'jsonb') expect(Array.isArray(type) ? type.includes('null') : false, `${table}.${name} nullable`).toBe(spec.nullable);
    }
  });
});

describe('the migration reader', () => {
  it('reads types, nullability and defaults', () => {
    expect(parseColumnDefinition(`report_format text not null default 'summary' check (report_format in ('a', 'b'))`)).toEqual([
      'report_format',
      { type: 'text', nullable: false, default: 'summary' },
    ]);
    expect(parseColumnDefinition(`id uuid primary key default gen_random_uuid()`)).toEqual([
      'id',
      { type: 'uuid', nullable: false, default: { fn: 'uuid' } },
    ]);
    expect(parseColumnDefinition(`favorite_reports text[] not null default '{}'`)).toEqual([
      'favorite_reports',
      { type: 'text[]', nullable: false, default: [] },
    ]);
    expect(parseColumnDefinition(`assigned_by uuid references public.profiles (id) on delete set null`)).toEqual([
      'assigned_by',
      { type: 'uuid', nullable: true },
    ]);
  });

  it('applies later ALTER TABLE statements', () => {
    const result = readMigrationColumns([
      'create table public.t (id uuid primary key, a text, b text not null, unique (a, b));',
      'alter table public.t add column c boolean not null default true, drop column a;',
      'alter table public.t alter column b drop not null;',
    ]);
    expect(Object.fromEntries(result.get('t') ?? new Map())).toEqual({
      id: { type: 'uuid', nullable: false },
      b: { type: 'text', nullable: true },
      c: { type: 'boolean', nullable: false, default: true },
    });
  });
});
