/**
 * The unit tests Stryker runs against each mutant (stryker.config.mjs): the pure modules'
 * own tests only, in the same non-UTC time zone as the unit project, without the suites
 * that open a database or time a benchmark.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    env: { TZ: 'America/New_York' },
    include: [
      'src/db/merge/**/*.test.ts',
      'src/lib/**/*.test.ts',
      'src/features/*/model/**/*.test.ts',
      'supabase/functions/_shared/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/*benchmark*.test.ts'],
  },
});
