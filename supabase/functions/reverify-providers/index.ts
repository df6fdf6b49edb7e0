// reverify-providers: the scheduled re-verification (issue 33). Each run takes a bounded
// batch of active providers with an NPI whose last check is older than `max_age_days`
// (default 30) and whose backoff has passed, oldest first; for each, one after the other
// and spaced as the registries expect, it asks NPPES and both CMS datasets, records the PECOS
// outcome on the provider as verify-pecos does, compares what the registries say with the
// last snapshot (the provider's stored data the first time) and raises an alert per change.
// A registry failure writes nothing about the provider but its backoff (15 min doubling, at
// most a day). Called by the scheduler only (schedule.json; docs/integrations.md).
import { isNppesProblem, normaliseNppesAnswer, nppesLookupUrl } from '../_shared/nppes.ts';
import { fetchRegistryJson } from '../_shared/registry-fetch.ts';
import { json } from '../_shared/http.ts';
import { createScheduledHandler, type ScheduledContext } from '../_shared/scheduled.ts';
import { checkPecos } from '../_shared/verification/registry-checks.ts';
import { baselineSnapshot, type StoredProvider } from '../_shared/verification/baseline.ts';
import { backoffMs, verificationChanges } from '../_shared/verification/changes.ts';
import { snapshotOf, type VerificationSnapshot } from '../_shared/verification/snapshot.ts';

interface RunOptions {
  batch: number;
  maxAgeDays: number;
}

interface Progress {
  provider_id: string;
  outcome: 'checked' | 'failed';
  alerts: number;
  error?: string;
}

function options(body: Record<string, unknown>): RunOptions | string {
  const batch = body.batch ?? 25;
  const maxAgeDays = body.max_age_days ?? 30;
  if (!Number.isInteger(batch) || (batch as number) < 1 || (batch as number) > 500) return 'batch must be a whole number from 1 to 500.';
  if (typeof maxAgeDays !== 'number' || !(maxAgeDays >= 0) || maxAgeDays > 3650) return 'max_age_days must be a number from 0 to 3650.';
  return { batch: batch as number, maxAgeDays };
}

async function reverify({ body, config, service }: ScheduledContext): Promise<Response> {
  const run = options(body);
  if (typeof run === 'string') return json(400, { error: run, code: 'invalid_request' });
  const now = Date.now();
  const due = await dueProviders(service, run, now);
  if (!due.ok) return json(500, { error: 'The providers to re-verify could not be read.', code: 'read_failed' });

  const results: Progress[] = [];
  for (const [index, provider] of due.providers.entries()) {
    // Spaced like the registries' public clients (about 200 ms between calls).
    if (index > 0 && config.registryRetryDelayMs > 0) await new Promise((r) => setTimeout(r, config.registryRetryDelayMs));
    results.push(await reverifyOne(service, config, provider, due.states.get(provider.id)));
  }
  return json(200, {
    checked: results.filter((r) => r.outcome === 'checked').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
    alerts: results.reduce((sum, r) => sum + r.alerts, 0),
    results,
  });
}

interface ReverificationState {
  provider_id: string;
  checked_at: string | null;
  snapshot: VerificationSnapshot | null;
  failures: number;
  next_attempt_at: string | null;
}

type Service = ScheduledContext['service'];

async function dueProviders(service: Service, run: RunOptions, now: number) {
  const [providers, states] = await Promise.all([
    service
      .from('providers')
      .select('id, npi, nppes_data, pecos_verified, pecos_verification_date, pecos_verification_data')
      .eq('_deleted', false)
      .eq('is_active', true)
      .not('npi', 'is', null),
    service.from('provider_reverifications').select('provider_id, checked_at, snapshot, failures, next_attempt_at'),
  ]);
  if (providers.error || states.error) {
    console.error('reverify-providers: reading failed', providers.error ?? states.error);
    return { ok: false as const };
  }
  const byId = new Map((states.data as ReverificationState[]).map((state) => [state.provider_id, state]));
  const staleBefore = now - run.maxAgeDays * 86_400_000;
  const lastCheck = (p: StoredProvider) => Date.parse(byId.get(p.id)?.checked_at ?? p.pecos_verification_date ?? '') || 0;
  const dueList = (providers.data as StoredProvider[])
    .filter((p) => {
      const state = byId.get(p.id);
      if (state?.next_attempt_at && Date.parse(state.next_attempt_at) > now) return false;
      return lastCheck(p) <= staleBefore;
    })
    .sort((a, b) => lastCheck(a) - lastCheck(b) || a.id.localeCompare(b.id))
    .slice(0, run.batch);
  return { ok: true as const, providers: dueList, states: byId };
}

async function reverifyOne(service: Service, config: ScheduledContext['config'], provider: StoredProvider, state: ReverificationState | undefined): Promise<Progress> {
  const npi = provider.npi.trim();
  const nppesAnswer = await fetchRegistryJson(nppesLookupUrl(config.nppesApiUrl, npi), {
    timeoutMs: config.registryTimeoutMs,
    retries: 1,
    retryDelayMs: config.registryRetryDelayMs,
  });
  const nppes = nppesAnswer.ok ? normaliseNppesAnswer(nppesAnswer.body, npi, 'individual') : null;
  if (!nppesAnswer.ok || !nppes || isNppesProblem(nppes)) {
    const reason = !nppesAnswer.ok ? `NPPES: ${nppesAnswer.detail}` : `NPPES: ${nppes && isNppesProblem(nppes) ? nppes.message : 'unreadable'}`;
    return failed(service, provider.id, state, reason);
  }
  const pecos = await checkPecos(config, npi, 'scheduled re-verification');
  if (!pecos.ok) return failed(service, provider.id, state, pecos.problem.message);

  const after = snapshotOf(nppes, pecos.outcome);
  const before = state?.snapshot ?? baselineSnapshot(provider);
  const drafts = verificationChanges(npi, before, after);
  const { outcome } = pecos;
  const updated = await service
    .from('providers')
    .update({
      pecos_verified: outcome.verified,
      pecos_verification_date: outcome.checked_at,
      pecos_verification_data: outcome.evidence,
    })
    .eq('id', provider.id);
  if (updated.error) return failed(service, provider.id, state, `saving the PECOS result failed: ${updated.error.message}`);
  if (drafts.length > 0) {
    const raised = await service.from('alerts').insert(
      drafts.map((draft) => ({
        provider_id: provider.id,
        kind: draft.kind,
        summary: draft.summary,
        details: { ...draft.details, npi, checked_at: outcome.checked_at, source: 'scheduled re-verification' },
      })),
    );
    if (raised.error) return failed(service, provider.id, state, `raising alerts failed: ${raised.error.message}`);
  }
  const saved = await service.from('provider_reverifications').upsert({
    provider_id: provider.id,
    checked_at: outcome.checked_at,
    snapshot: after,
    failures: 0,
    next_attempt_at: null,
    last_error: null,
    updated_at: outcome.checked_at,
  });
  if (saved.error) console.error('reverify-providers: saving the snapshot failed', saved.error);
  return { provider_id: provider.id, outcome: 'checked', alerts: drafts.length };
}

async function failed(service: Service, providerId: string, state: ReverificationState | undefined, error: string): Promise<Progress> {
  const failures = (state?.failures ?? 0) + 1;
  const at = new Date();
  const { error: saveError } = await service.from('provider_reverifications').upsert({
    provider_id: providerId,
    checked_at: state?.checked_at ?? null,
    snapshot: state?.snapshot ?? null,
    failures,
    next_attempt_at: new Date(at.getTime() + backoffMs(failures)).toISOString(),
    last_error: error.slice(0, 500),
    updated_at: at.toISOString(),
  });
  if (saveError) console.error('reverify-providers: saving the backoff failed', saveError);
  return { provider_id: providerId, outcome: 'failed', alerts: 0, error };
}

Deno.serve(createScheduledHandler({ name: 'reverify-providers', handle: reverify }));
