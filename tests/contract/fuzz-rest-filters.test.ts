/**
 * Hostile search text through the Data API's filters (supabase-js eq/ilike/in/or/textSearch
 * and raw or=(…) strings): commas, parentheses, quotes, %, _, *, backslashes, unicode and
 * 10 000-character strings. Every answer is a correct result or a clear 4xx (never a 5xx),
 * and nothing is written: not by reads, nor by writes refused by privileges or RLS. Runs
 * on a private stack so the row counts before and after are this file's alone.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileTextOrHuge, storableText } from '../helpers/hostile-text.ts';
import { providerRow } from './directory-helpers.ts';
import { startFunctionsStack, type FunctionsStack } from './functions-kit.ts';

let stack: FunctionsStack;
let staff: SupabaseClient;
let providerUser: SupabaseClient;
const tag = `Fuzz-${randomUUID().slice(0, 8)}`;
/** The seeded rows' last names, by id. */
const seeded = new Map<string, string>();
let before: Record<string, unknown>;

interface Answer {
  status: number;
  data: unknown;
  error: { code?: string; message?: string } | null;
}

async function snapshot(): Promise<Record<string, unknown>> {
  const service = stack.service();
  const counts: Record<string, unknown> = {};
  for (const table of ['providers', 'organizations', 'audit_log', 'profiles', 'provider_preferences']) {
    counts[table] = (await service.from(table).select('id', { count: 'exact', head: true })).count;
  }
  counts.tagged = (await service.from('providers').select('*').eq('first_name', tag).order('id')).data;
  return counts;
}

/** Never a 5xx; a refusal is a 4xx, with PostgREST's code and message unless the request line itself was too long. */
function expectClear(answer: Answer, context: string): void {
  expect(answer.status, `${context}: ${JSON.stringify(answer.error)}`).toBeLessThan(500);
  if (answer.status >= 400 && answer.status !== 414 && answer.status !== 431) {
    expect(typeof answer.error?.code, context).toBe('string');
    expect(answer.error?.message, context).toBeTruthy();
  }
}

const idsOf = (answer: Answer) => ((answer.data as Array<{ id: string }> | null) ?? []).map((row) => row.id).sort();
const sameName = (text: string) => [...seeded].filter(([, name]) => name === text).map(([id]) => id).sort();
const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const tooLong = (answer: Answer) => answer.status === 414 || answer.status === 431;

beforeAll(async () => {
  stack = await startFunctionsStack();
  staff = (await stack.user()).client;
  const provider = await stack.user('provider');
  providerUser = provider.client;
  // Last names drawn from the same hostile text the queries use, so searches have targets.
  const names = fc.sample(storableText.filter((text) => text.length > 0), { numRuns: 30, seed: 20261122 });
  const rows = names.map((name) => providerRow({ first_name: tag, last_name: name.trim() === '' ? `x${name}` : name }));
  const { error } = await stack.service().from('providers').insert(rows);
  if (error) throw new Error(error.message);
  for (const row of rows) seeded.set(row.id as string, row.last_name as string);
  before = await snapshot();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/** Search text: a seeded name (a target exists) or fresh hostile text. Built once the rows are seeded. */
const target = () =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...seeded.values()) },
    { weight: 3, arbitrary: hostileTextOrHuge },
    // Long strings that still fit in a request line (Node's 16 KB header limit answers 431 beyond).
    { weight: 1, arbitrary: fc.constantFrom('a'.repeat(10_000), '(,)'.repeat(1_200), `${'x'.repeat(9_000)}\\`) },
  );

describe('hostile search text', () => {
  it('eq finds exactly the rows with that name; ilike %text% finds them too, or says why not', async () => {
    await fc.assert(
      fc.asyncProperty(target(), async (text) => {
        const scoped = () => staff.from('providers').select('id').eq('first_name', tag);
        const eq = (await scoped().eq('last_name', text)) as Answer;
        expectClear(eq, 'eq');
        if (!tooLong(eq) && !text.includes('\u0000')) expect([eq.status, idsOf(eq)]).toEqual([200, sameName(text)]);

        const like = (await scoped().ilike('last_name', `%${text}%`)) as Answer;
        expectClear(like, 'ilike');
        // A backslash is LIKE's escape character: a pattern may then not match itself, or be invalid (22025).
        if (like.status === 200 && !text.includes('\\')) expect(idsOf(like)).toEqual(expect.arrayContaining(sameName(text)));
        if (like.status >= 400 && !tooLong(like)) expect(text.includes('\\') || text.includes('\u0000'), JSON.stringify(like.error)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('or=(…) with the text quoted as PostgREST wants finds the rows; written naively, it answers 200 or a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(target(), async (text) => {
        const scoped = () => staff.from('providers').select('id').eq('first_name', tag);
        const safe = (await scoped().or(`last_name.eq.${quoted(text)},nickname.eq.${quoted(text)}`)) as Answer;
        expectClear(safe, 'quoted or');
        if (!tooLong(safe) && !text.includes('\u0000')) expect([safe.status, idsOf(safe)]).toEqual([200, sameName(text)]);

        const naive = (await scoped().or(`last_name.ilike.*${text}*,first_name.ilike.*${text}*`)) as Answer;
        expectClear(naive, 'naive or');
        const list = (await scoped().in('last_name', [text, 'nobody'])) as Answer;
        expectClear(list, 'in');
        if (list.status === 200 && !/["\\]/.test(text) && !/^\s/.test(text)) expect(idsOf(list)).toEqual(sameName(text));
        const fts = (await scoped().textSearch('last_name', text)) as Answer;
        expectClear(fts, 'textSearch');
      }),
      { numRuns: 30 },
    );
  });
});

describe('hostile filters on writes', () => {
  it('a delete by staff is refused (403) whatever the filter; a provider user\'s update reaches no row', async () => {
    await fc.assert(
      fc.asyncProperty(target(), async (text) => {
        const remove = (await staff.from('providers').delete().or(`last_name.ilike.*${text}*,first_name.eq.${tag}`)) as Answer;
        expectClear(remove, 'delete');
        if (!tooLong(remove) && remove.status !== 400) expect([remove.status, remove.error?.code]).toEqual([403, '42501']);
        const update = (await providerUser.from('providers').update({ nickname: 'pwned' }).eq('first_name', tag).ilike('last_name', `%${text}%`).select('id')) as Answer;
        expectClear(update, 'update');
        if (update.status === 200) expect(update.data).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('sync_push refuses any hostile table name with 400 22023', async () => {
    await fc.assert(
      fc.asyncProperty(hostileTextOrHuge, async (table) => {
        const answer = (await staff.rpc('sync_push', { p_table: table, p_rows: [{ new: providerRow(), assumed: null }] })) as Answer;
        expectClear(answer, 'sync_push');
        if (!tooLong(answer) && !table.includes('\u0000')) expect([answer.status, answer.error?.code]).toEqual([400, '22023']);
      }),
      { numRuns: 25 },
    );
  });

  it('wrote nothing: the same row counts and the same tagged rows as before', async () => {
    expect(await snapshot()).toEqual(before);
  });
});
