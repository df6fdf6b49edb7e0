/**
 * The scheduled re-verification's throughput (issue 33): starts a seeded local stack on its
 * own port (PGlite in memory, the registry simulator), removes one seeded provider's PECOS
 * enrollment in the simulator, runs reverify-providers once over every seeded provider and
 * prints providers per second and the alerts raised (the baseline run must raise only that
 * provider's). The registries are spaced REGISTRY_RETRY_DELAY_MS apart (200 ms by default,
 * as against the live registries). Run: `npx tsx tests/bench/measure-reverification.ts [port]`.
 */
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { startStack } from '../../supabase/local/stack.ts';

const port = Number(process.argv[2] ?? 54499);
const stack = await startStack({ port, dataDir: null, seed: true, quiet: true });
try {
  const headers = { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, apikey: SERVICE_ROLE_KEY, 'content-type': 'application/json' };
  const providers = (await (await fetch(`${stack.url}/rest/v1/providers?select=id&npi=not.is.null&_deleted=eq.false&is_active=eq.true`, { headers })).json()) as unknown[];
  await fetch(`${stack.url}/__simulator/__changes`, { method: 'POST', headers, body: JSON.stringify({ npi: '1250073909', cms: 'removed' }) });
  const started = performance.now();
  const response = await fetch(`${stack.url}/functions/v1/reverify-providers`, { method: 'POST', headers, body: JSON.stringify({ batch: 500, max_age_days: 0 }) });
  const body = (await response.json()) as { checked: number; failed: number; alerts: number };
  const seconds = (performance.now() - started) / 1000;
  console.log(`reverify-providers: HTTP ${response.status}, ${providers.length} providers with an NPI, ${body.checked} checked, ${body.failed} failed, ${body.alerts} alerts in ${seconds.toFixed(1)} s`);
  console.log(`throughput: ${(body.checked / seconds).toFixed(2)} providers/s (3 registry calls each, spaced ${process.env.REGISTRY_RETRY_DELAY_MS ?? 200} ms between providers)`);
} finally {
  await stack.stop();
}
