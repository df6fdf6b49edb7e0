import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Not UTC: staff work in US time zones, and a date helper that only passes at UTC
          // (an ISO date read back as the previous day west of Greenwich) must fail here.
          env: { TZ: 'America/New_York' },
          // Vitest's default on a 2-core machine is one worker (cores - 1). Unit files share
          // nothing (each opens its own PGlite or none), so both cores run them.
          maxWorkers: 2,
          // Some unit suites open a PGlite with every migration in beforeAll: seconds, not ms.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          include: ['src/**/*.test.{ts,tsx}', 'supabase/local/**/*.test.ts', 'supabase/functions/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // RLS and the linter's rules, on PGlite and on a real PostgreSQL server alike.
          name: 'database',
          environment: 'node',
          include: ['tests/database/**/*.test.ts'],
          globalSetup: ['tests/database/setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          environment: 'node',
          include: ['tests/contract/**/*.test.ts'],
          globalSetup: ['tests/setup/stack.ts'],
          // One worker (the stack is shared); its own group because the unit project's
          // worker count differs.
          sequence: { groupOrder: 1 },
          // The files talk to the stack over HTTP and mock nothing: they share one module
          // graph instead of importing supabase-js and the helpers again for each of them.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/stack.ts'],
          // One file at a time: each simulated browser pulls what the others wrote into the
          // shared stack, and fake-indexeddb is CPU-bound on these 2-core machines.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
