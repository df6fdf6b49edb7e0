/**
 * Vitest global setup for the contract and integration tests: unless SUPABASE_URL points
 * at a running project, start a fresh in-memory local stack on a free port for the run.
 */
import type { TestProject } from 'vitest/node';
import { DEFAULT_AUTH_RATE_LIMITS } from '../../supabase/local/auth/rate-limits.ts';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
  }
}

let stack: RunningStack | null = null;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.SUPABASE_URL) {
    project.provide('stackUrl', process.env.SUPABASE_URL);
    return;
  }
  // Auth's per-address limits key by X-Forwarded-For, as hosted GoTrue keys by the header
  // its proxy sets: the limit tests play several addresses, and the many sign-ins of the
  // other tests (which send none) are not limited, as GoTrue limits nothing without it.
  stack = await startStack({
    port: 0,
    dataDir: null,
    seed: false,
    quiet: true,
    authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, header: 'x-forwarded-for' },
  });
  project.provide('stackUrl', stack.url);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  stack = null;
}
