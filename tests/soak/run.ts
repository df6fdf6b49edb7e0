/**
 * `npm run soak`: the long soak (tests/integration/soak.test.ts with SOAK_OPS, default
 * 600) in the integration project, against a fresh in-memory local stack. Prints the
 * figures (edits made, faults injected, time to converge, losses) and fails on any loss.
 */
import { spawnSync } from 'node:child_process';

const env = { ...process.env, SOAK: '1', SOAK_OPS: process.env.SOAK_OPS ?? '600', SOAK_TIMEOUT_MS: process.env.SOAK_TIMEOUT_MS ?? '1200000' };
const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'tests/integration/soak.test.ts'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
