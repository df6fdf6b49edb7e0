/**
 * The test compendium on the device: tests by order code, search by name, code, LOINC or
 * CPT code, a panel's members, and the order questions of a set of tests (a question asked
 * by two tests is asked once).
 */
import type { CompendiumData, CompendiumTest, OrderQuestion } from '../lab/reference-types.ts';

export interface CompendiumIndex {
  readonly tests: readonly CompendiumTest[];
  get(code: string): CompendiumTest | null;
  /** Active tests matching every word (name, order code, LOINC, CPT), exact code first. */
  search(query: string, options?: { limit?: number; includeInactive?: boolean }): CompendiumTest[];
  /** A panel's member tests (those the compendium knows), in the panel's order. */
  members(code: string): CompendiumTest[];
  /** The questions of the tests (a panel's own and its members'), each code once, first wins. */
  questionsFor(codes: readonly string[]): Array<OrderQuestion & { tests: string[] }>;
}

export function buildCompendiumIndex(data: CompendiumData): CompendiumIndex {
  const tests = [...data.tests].sort((a, b) => a.name.localeCompare(b.name));
  const byCode = new Map(tests.map((test) => [test.code, test]));
  const haystacks = new Map(tests.map((test) => [test.code, [test.name, test.code, test.loinc ?? '', ...test.cpt_codes].join(' ').toLowerCase()]));

  const index: CompendiumIndex = {
    tests,
    get: (code) => byCode.get(code.trim().toUpperCase()) ?? null,
    search(query, options = {}) {
      const limit = options.limit ?? 100;
      const words = query.trim().toLowerCase().split(/\s+/).filter((word) => word !== '');
      const pool = options.includeInactive ? tests : tests.filter((test) => test.active);
      if (words.length === 0) return pool.slice(0, limit);
      const exact = query.trim().toUpperCase();
      return pool
        .filter((test) => words.every((word) => haystacks.get(test.code)!.includes(word)))
        .sort((a, b) => Number(b.code === exact) - Number(a.code === exact))
        .slice(0, limit);
    },
    members(code) {
      const test = index.get(code);
      return (test?.panel_members ?? []).flatMap((member) => {
        const found = byCode.get(member);
        return found ? [found] : [];
      });
    },
    questionsFor(codes) {
      const questions = new Map<string, OrderQuestion & { tests: string[] }>();
      for (const code of codes) {
        const test = index.get(code);
        if (!test) continue;
        for (const source of [test, ...index.members(test.code)]) {
          for (const question of source.questions) {
            const known = questions.get(question.code);
            if (known) {
              if (!known.tests.includes(test.code)) known.tests.push(test.code);
              known.required ||= question.required;
            } else {
              questions.set(question.code, { ...question, tests: [test.code] });
            }
          }
        }
      }
      return [...questions.values()];
    },
  };
  return index;
}
