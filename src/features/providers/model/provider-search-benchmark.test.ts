/**
 * A micro-benchmark of the provider search at the budget's size (50,000 providers). It
 * prints timings and asserts only that the answers are right: timed assertions are flaky
 * on shared machines, and the budget (< 16 ms per keystroke at p95) is measured in
 * Chromium by the benchmark suite. Takes well under 2 s on an idle machine.
 */
import { describe, expect, it } from 'vitest';
import { ProviderSearchIndex } from './provider-search.ts';
import { buildHaystack, searchKey, type SearchableProvider } from './search-text.ts';
import { npiCheckDigit } from '../../../lib/provider/npi.ts';

const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'José', 'Zoë', 'Wei', 'Aisha'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'García', 'Miller', 'Davis', 'Nguyen', 'O’Brien', 'Kim', 'Patel'];
const COUNT = 50_000;

/** Deterministic synthetic providers: about 80 % with a valid NPI. */
function syntheticProviders(count: number): SearchableProvider[] {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pick = (list: string[]) => list[Math.floor(random() * list.length)] as string;
  return Array.from({ length: count }, (_, i) => {
    const nine = String(100_000_000 + i * 17);
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      first_name: pick(FIRST),
      last_name: `${pick(LAST)}${i % 7 === 0 ? '-' + pick(LAST) : ''}`,
      npi: random() < 0.8 ? `${nine}${npiCheckDigit(nine)}` : null,
    };
  });
}

function time<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

describe('provider search at 50,000 providers', () => {
  // The timeout only guards a badly overloaded machine; nothing here asserts a duration.
  it('builds once, filters per keystroke and updates incrementally (timings printed)', { timeout: 30_000 }, () => {
    const providers = syntheticProviders(COUNT);
    const lines: string[] = [];
    const built = time(() => new ProviderSearchIndex('all', providers));
    const index = built.result;
    lines.push(`build (unsorted input, ${COUNT} rows): ${built.ms.toFixed(1)} ms`);

    const haystacks = providers.map((p) => buildHaystack(p, 'all'));
    const keystrokes = ['s', 'sm', 'smi', 'smit', 'smith', 'smit', 'smi', 'sm', 's', '', '1', '10', '100', '1000', 'jose', 'zoe k'];
    const timings = keystrokes.map((query) => {
      const { result, ms } = time(() => index.query(query));
      const needle = searchKey(query);
      const naive = haystacks.filter((haystack) => needle === '' || haystack.includes(needle)).length;
      expect(result.length).toBe(naive);
      return { query, ms, hits: result.length };
    });
    for (const { query, ms, hits } of timings) lines.push(`query '${query}': ${ms.toFixed(2)} ms (${hits} hits)`);
    const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
    lines.push(`keystrokes: max ${sorted.at(-1)?.toFixed(2)} ms, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)} ms`);

    const renamed = { ...(providers[123] as SearchableProvider), last_name: 'Aardvark' };
    const upsert = time(() => index.upsert(renamed));
    lines.push(`upsert one (moves in the order): ${upsert.ms.toFixed(3)} ms`);
    expect(index.queryIds('aardvark')).toEqual([renamed.id]);
    const removal = time(() => index.remove(renamed.id));
    lines.push(`remove one: ${removal.ms.toFixed(3)} ms`);
    expect(index.size).toBe(COUNT - 1);

    const page = providers.slice(1000, 6000).map((p) => ({ type: 'upsert' as const, row: { ...p, first_name: 'Batch' } }));
    const bulk = time(() => index.applyChanges(page));
    lines.push(`apply a sync page of ${page.length} changes: ${bulk.ms.toFixed(1)} ms`);
    expect(index.query('batch').length).toBe(page.length);

    console.log(`provider search benchmark\n  ${lines.join('\n  ')}`);
  });
});
