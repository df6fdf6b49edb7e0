// Mutation testing of the core logic (`npm run test:mutation`, not part of `npm test`):
// Stryker changes each module's code one small way at a time (a mutant) and runs the unit
// tests that cover it; a mutant no test notices ("survived") is a behaviour the tests do
// not pin. Each module must keep a score of at least 90 % (docs/mutation-testing.md lists
// the mutants that cannot be killed because they change nothing).
//
// Add a module with one line in CORE_MODULES (its tests must be unit tests beside it,
// covered by vitest.mutation.config.ts). Run a few at a time while working:
//   npm run test:mutation -- --mutate src/lib/format/date.ts
// CPU-heavy: one test process at a time (concurrency 1), on these 2-core machines.

/** The modules held to the score: pure rules the app and the functions apply. */
export const CORE_MODULES = [
  'src/db/merge/three-way-merge.ts',
  'src/db/merge/values-equal.ts',
  'src/lib/provider/npi.ts',
  'src/lib/format/phone.ts',
  'src/lib/format/date.ts',
  'src/features/providers/model/pecos-status.ts',
  'src/features/providers/model/search-text.ts',
  'src/features/provider-relations/model/delegate-rules.ts',
  'src/features/provider-relations/model/preferences-form.ts',
  'supabase/functions/_shared/nppes.ts',
  // The lab half's rule modules, one line each once measured at 90 % or more (tests beside
  // them): MBI, requisition numbers, Medicare eligibility, NCD checks, HL7 ORM building.
  'supabase/functions/_shared/lab/mbi.ts',
  'supabase/functions/_shared/lab/device-numbers.ts',
  'supabase/functions/_shared/lab/medicare-eligibility.ts',
  'supabase/functions/_shared/lab/medical-necessity.ts',
  'supabase/functions/_shared/hl7/orm.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: CORE_MODULES.flatMap((pattern) => [pattern, `!${pattern.replace(/\.ts$/, '')}.test.ts`]).concat(['!**/*.test.ts']),
  concurrency: 1,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
