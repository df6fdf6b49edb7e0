/**
 * The planner and SQL builders against a real (in-memory) Postgres: relationships from
 * the catalog, embedding shapes, filters, writes, RPC shapes, and the property that no
 * request value ever reaches the SQL text.
 */
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { buildPlan } from './plan.ts';
import { parseQuery } from './query-params.ts';
import { rpcStatement, findRoutine } from './rpc.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';
import { SqlParams } from './sql-fragments.ts';
import { readStatement, type BodyShape } from './sql-read.ts';
import { insertSql, mutationStatement } from './sql-write.ts';

let pg: PGlite;
let cache: SchemaCache;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create table orgs (id int primary key, name text not null, meta jsonb, tags text[] not null default '{}');
    create table people (
      id int primary key, name text, org_id int references orgs(id), boss_org int references orgs(id),
      mentor_id int references people(id), seen timestamptz default '2026-11-21 21:33:51.706123+00'
    );
    create table badges (id int primary key, person_id int unique references people(id), color text);
    insert into orgs values (1, 'Acme', '{"b": 1, "a": [1, 2.50]}', '{x,"y,z"}'), (2, 'Beta', null, '{}');
    insert into people (id, name, org_id, boss_org, mentor_id) values
      (1, 'Ann', 1, 2, null), (2, 'Bob', 1, null, 1), (3, 'Cy', null, null, 1);
    insert into badges values (1, 1, 'red');
    create function add(a int, b int default 1) returns int language sql immutable as 'select a + b';
    create function people_named(pattern text) returns setof people language sql stable as
      'select * from people where name like pattern';
    create function squares(n int) returns setof int language sql immutable as 'select g * g from generate_series(1, n) g';
    create function touch() returns void language sql as 'select 1';
    create table drop_box (id int primary key, note text);
    alter table drop_box enable row level security;
    create policy "anyone drops" on drop_box for insert with check (true);
    create policy "nobody reads" on drop_box for select using (false);
    create role box_user;
    grant insert, select on drop_box to box_user;
    create function echo(jsonb) returns jsonb language sql immutable as 'select $1';
    create function wrap(doc json) returns json language sql immutable as 'select json_build_object(''got'', doc)';
  `);
  cache = await pg.transaction((tx) => loadSchemaCache(tx));
}, 120_000);

afterAll(async () => {
  await pg?.close();
});

async function read(table: string, qs: string, shape: BodyShape = 'array') {
  const query = parseQuery(new URLSearchParams(qs));
  const t = cache.tables.get(table)!;
  const plan = buildPlan(cache, { tableName: t.name, columns: t.columns }, query, { rootFilters: true, ordering: true });
  const p = new SqlParams();
  const sql = readStatement(plan, table, p, query.ranges.get('') ?? null, shape, true);
  const row = (await pg.query<{ total: string; page_total: number; body: string }>(sql, p.values)).rows[0]!;
  return { ...row, json: JSON.parse(row.body) as unknown, sql, params: p.values };
}

describe('schema cache', () => {
  it('derives many-to-one, one-to-many, one-to-one and self relationships from foreign keys', () => {
    const fromPeople = cache.relationships.get('people')!.map((rel) => [rel.foreignTable, rel.constraint, rel.cardinality, rel.toOne]);
    expect(fromPeople).toEqual(
      expect.arrayContaining([
        ['orgs', 'people_org_id_fkey', 'many-to-one', true],
        ['orgs', 'people_boss_org_fkey', 'many-to-one', true],
        ['badges', 'badges_person_id_fkey', 'one-to-one', true],
        ['people', 'people_mentor_id_fkey', 'many-to-one', true],
        ['people', 'people_mentor_id_fkey', 'one-to-many', false],
      ]),
    );
    expect(cache.tables.get('orgs')!.primaryKey).toEqual(['id']);
    expect(cache.routines.get('add')![0]!.params).toEqual([
      { name: 'a', type: 'integer', hasDefault: false },
      { name: 'b', type: 'integer', hasDefault: true },
    ]);
  });
});

describe('reads', () => {
  it('embeds to-one as an object or null and to-many as an array, built in Postgres', async () => {
    const orgs = await read('orgs', 'select=name,tags,meta,people!org_id(name)&order=id&people.order=name.desc');
    // Postgres's own jsonb text: keys in jsonb order, 2.50 kept as written.
    expect(orgs.body).toContain('"meta":{"a": [1, 2.50], "b": 1}');
    expect(orgs.json).toEqual([
      { name: 'Acme', tags: ['x', 'y,z'], meta: { a: [1, 2.5], b: 1 }, people: [{ name: 'Bob' }, { name: 'Ann' }] },
      { name: 'Beta', tags: [], meta: null, people: [] },
    ]);
    const people = await read('people', 'select=name,seen,org:orgs!org_id(name),badges(color)&order=id');
    expect(people.json).toEqual([
      { name: 'Ann', seen: '2026-11-21T21:33:51.706123+00:00', org: { name: 'Acme' }, badges: { color: 'red' } },
      { name: 'Bob', seen: '2026-11-21T21:33:51.706123+00:00', org: { name: 'Acme' }, badges: null },
      { name: 'Cy', seen: '2026-11-21T21:33:51.706123+00:00', org: null, badges: null },
    ]);
  });

  it('filters parents through !inner embeds and embeds through null filters', async () => {
    expect((await read('people', 'select=id,orgs!org_id!inner(name)&orgs.name=eq.Acme&order=id')).json).toEqual([
      { id: 1, orgs: { name: 'Acme' } },
      { id: 2, orgs: { name: 'Acme' } },
    ]);
    const left = await read('people', 'select=id,orgs!org_id(name)&orgs.name=eq.Nope&order=id');
    expect(left.json).toEqual([{ id: 1, orgs: null }, { id: 2, orgs: null }, { id: 3, orgs: null }]);
    expect((await read('people', 'select=id,badges(color)&badges=not.is.null')).json).toEqual([{ id: 1, badges: { color: 'red' } }]);
  });

  it('orders by a to-one embed and follows self relationships', async () => {
    expect((await read('people', 'select=id,o:orgs!org_id(name)&order=o(name).desc.nullslast,id')).json).toEqual([
      { id: 1, o: { name: 'Acme' } },
      { id: 2, o: { name: 'Acme' } },
      { id: 3, o: null },
    ]);
    expect((await read('people', 'select=name,mentor_id(name),people(name)&id=eq.1')).json).toEqual([
      { name: 'Ann', mentor_id: null, people: [{ name: 'Bob' }, { name: 'Cy' }] },
    ]);
  });

  it('applies logic trees, in-lists, JSON paths, casts and counts', async () => {
    const r = await read('people', 'select=id&or=(name.eq.Ann,and(id.gt.2,name.like.C*))&order=id');
    expect(r.json).toEqual([{ id: 1 }, { id: 3 }]);
    expect(r.total).toBe('2');
    expect((await read('orgs', 'select=id,first:meta->a->>1,name::text&meta->>b=eq.1')).json).toEqual([{ id: 1, first: '2.50', name: 'Acme' }]);
    const page = await read('people', 'select=id&id=in.(1,2,3)&order=id&limit=1&offset=1');
    expect([page.json, page.total, page.page_total]).toEqual([[{ id: 2 }], '3', 1]);
    expect((await read('people', 'select=id&id=in.()')).json).toEqual([]);
    expect((await read('people', 'select=id&id=not.in.()&order=id')).json).toHaveLength(3);
  });

  it('answers PostgREST errors for unknown columns, relations, and ambiguous embeds', async () => {
    await expect(read('people', 'select=nope')).rejects.toMatchObject({ status: 400, body: { code: '42703', message: 'column people.nope does not exist' } });
    await expect(read('people', 'select=*,nothing(*)')).rejects.toMatchObject({ status: 400, body: { code: 'PGRST200' } });
    const ambiguous = read('people', 'select=*,orgs(*)');
    await expect(ambiguous).rejects.toBeInstanceOf(RestError);
    await expect(ambiguous).rejects.toMatchObject({
      status: 300,
      body: {
        code: 'PGRST201',
        hint: "Try changing 'orgs' to one of the following: 'orgs!people_boss_org_fkey', 'orgs!people_org_id_fkey'. Find the desired relationship in the 'details' key.",
      },
    });
    await expect(read('people', 'select=id&orgs.name=eq.x')).rejects.toMatchObject({ body: { code: 'PGRST108' } });
    await expect(read('orgs', 'select=id,people!org_id(name)&order=people(name)')).rejects.toMatchObject({ body: { code: 'PGRST118' } });
  });
});

describe('writes and rpc', () => {
  it('inserts from one JSON parameter, with defaults for missing keys when asked', async () => {
    await pg.transaction(async (tx) => {
      const table = cache.tables.get('orgs')!;
      const p = new SqlParams();
      const mutation = insertSql(
        { table, columns: ['id', 'name', 'tags'], payload: '[{"id":10,"name":"N","tags":["a","b,c"]},{"id":11,"name":"M"}]', missingDefault: true, onConflict: null },
        p,
      );
      const plan = buildPlan(cache, { tableName: 'orgs', columns: table.columns }, parseQuery(new URLSearchParams('select=id,tags')), { rootFilters: false, ordering: false });
      const row = (await tx.query<{ body: string; page_total: number }>(mutationStatement(mutation, table, { plan, shape: 'array', countInserted: false }, p, false), p.values)).rows[0]!;
      expect(JSON.parse(row.body)).toEqual([{ id: 10, tags: ['a', 'b,c'] }, { id: 11, tags: [] }]);
      await tx.rollback();
    });
  });

  it('needs the SELECT policy only when the write returns a representation, as PostgREST', async () => {
    const table = cache.tables.get('drop_box')!;
    const write = async (id: number, representation: boolean) => {
      const p = new SqlParams();
      const mutation = insertSql({ table, columns: ['id', 'note'], payload: `[{"id":${id},"note":"n"}]`, missingDefault: false, onConflict: null }, p);
      const plan = representation
        ? buildPlan(cache, { tableName: 'drop_box', columns: table.columns }, parseQuery(new URLSearchParams()), { rootFilters: false, ordering: false })
        : null;
      return pg.transaction(async (tx) => {
        await tx.exec('set local role box_user');
        const sql = mutationStatement(mutation, table, { plan, shape: 'array', countInserted: false }, p, false);
        return (await tx.query<{ page_total: number }>(sql, p.values)).rows[0]!.page_total;
      });
    };
    expect(await write(1, false)).toBe(1);
    await expect(write(2, true)).rejects.toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "drop_box"' });
  });

  it('shapes scalar, set-of-scalar, set-of-row and void functions', async () => {
    const call = async (name: string, args: Record<string, unknown>, qs = '') => {
      const keys = Object.keys(args);
      const rpc = findRoutine(cache, name, keys, { isPost: true, paramsSingleObject: false });
      const query = parseQuery(new URLSearchParams(qs));
      const routine = rpc.routine;
      const plan = routine.returnColumns
        ? buildPlan(cache, { tableName: routine.returnTable ?? name, columns: new Map(routine.returnColumns.map((c) => [c.name, c])) }, query, { rootFilters: true, ordering: true })
        : null;
      const p = new SqlParams();
      const sql = rpcStatement({ call: rpc, argumentKeys: keys, payload: JSON.stringify(args), plan, range: query.ranges.get('') ?? null, shape: 'array', count: false }, p);
      return (await pg.query<{ body: string | null }>(sql, p.values)).rows[0]!.body;
    };
    expect(await call('add', { a: 2 })).toBe('3');
    expect(await call('add', { a: 2, b: 5 })).toBe('7');
    expect(JSON.parse((await call('squares', { n: 4 }, 'limit=2'))!)).toEqual([1, 4]);
    expect(JSON.parse((await call('people_named', { pattern: '%o%' }, 'select=name,orgs!org_id(name)')) ?? '')).toEqual([{ name: 'Bob', orgs: { name: 'Acme' } }]);
    expect(await call('touch', {})).toBeNull();
    // One unnamed json/jsonb parameter takes the whole body; Prefer: params=single-object
    // does the same for a named one.
    expect(await call('echo', { any: [1, 'two'] })).toBe('{"any": [1, "two"]}');
    const wrap = findRoutine(cache, 'wrap', ['x'], { isPost: true, paramsSingleObject: true });
    const p = new SqlParams();
    const sql = rpcStatement({ call: wrap, argumentKeys: ['x'], payload: '{"x":1}', plan: null, range: null, shape: 'array', count: false }, p);
    expect((await pg.query<{ body: string }>(sql, p.values)).rows[0]!.body).toBe('{"got" : {"x":1}}');
    expect(() => findRoutine(cache, 'add', ['c'], { isPost: true, paramsSingleObject: false })).toThrow(
      expect.objectContaining({ status: 404, body: expect.objectContaining({ code: 'PGRST202', message: 'Could not find the function public.add(c) in the schema cache' }) }),
    );
  });
});

describe('property: request values are bound, never spliced into SQL', () => {
  it('filters with arbitrary values run and match exactly the rows a JS check expects', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\u0000'));
    const quote = (value: string) => `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 4 }), text, async (values, probe) => {
        await pg.exec('delete from badges where id >= 100');
        for (const [i, value] of values.entries()) {
          await pg.query('insert into badges (id, color) values ($1, $2)', [100 + i, value]);
        }
        const qs = new URLSearchParams({
          select: 'id,color',
          id: 'gte.100',
          color: `in.(${[...values, probe].map(quote).join(',')})`,
          or: `(color.eq.${quote(probe)},color.neq.${quote(probe)})`,
          order: 'id',
        });
        const result = await read('badges', qs.toString());
        for (const value of [...values, probe]) if (value.length > 3) expect(result.sql).not.toContain(value);
        expect(result.json).toEqual(values.map((color, i) => ({ id: 100 + i, color })));
        const eq = await read('badges', new URLSearchParams({ select: 'id', id: 'gte.100', color: `eq.${probe}` }).toString());
        expect((eq.json as unknown[]).length).toBe(values.filter((v) => v === probe).length);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
