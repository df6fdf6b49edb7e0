// screen-exclusions: the scheduled OIG exclusion screening (issue 33). Each run checks the
// LEIE file at OIG_LEIE_URL for a new release (a conditional GET: a 304 until the OIG
// publishes the next month's file; `force: true` downloads it anyway), loads a new one, then
// screens every active provider against the current release: new matches raise alerts,
// entries that left the list clear theirs, and each provider row records its status, when it
// was screened and the list's date. A failed download screens against the release already
// loaded and says so; with none loaded the run fails (502) and writes nothing. Called by the
// scheduler only (supabase/schedule.json; docs/integrations.md, "OIG LEIE").
import { errorResponse, json } from '../_shared/http.ts';
import { createScheduledHandler, type ScheduledContext } from '../_shared/scheduled.ts';
import { refreshLeie } from '../_shared/exclusions/leie-store.ts';
import { PROVIDER_COLUMNS, screenProviders, type ProviderRow } from '../_shared/exclusions/screening-store.ts';

const PAGE = 1000;

async function screen({ body, config, service }: ScheduledContext): Promise<Response> {
  if (body.force !== undefined && typeof body.force !== 'boolean') return errorResponse(400, 'invalid_request', 'force must be true or false.');
  const refreshed = await refreshLeie(service, config.oigLeieUrl, { force: body.force === true });
  const release = refreshed.release;
  if (!release) return errorResponse(502, 'leie_unavailable', refreshed.ok ? 'No LEIE release is loaded.' : refreshed.error);

  const providers: ProviderRow[] = [];
  for (let from = 0; ; from += PAGE) {
    const page = await service
      .from('providers')
      .select(PROVIDER_COLUMNS)
      .eq('_deleted', false)
      .eq('is_active', true)
      .order('id')
      .range(from, from + PAGE - 1);
    if (page.error) return errorResponse(500, 'read_failed', 'The providers to screen could not be read.');
    providers.push(...(page.data as ProviderRow[]));
    if (page.data.length < PAGE) break;
  }
  const results = await screenProviders(service, release, providers);
  return json(200, {
    list: { list_date: release.list_date, row_count: release.row_count, source_url: release.source_url, changed: refreshed.ok && refreshed.changed, ...(refreshed.ok ? {} : { error: refreshed.error }) },
    screened: results.length,
    excluded: results.filter((r) => r.status === 'excluded').length,
    possible: results.filter((r) => r.status === 'possible').length,
    raised: results.reduce((sum, r) => sum + r.raised, 0),
    cleared: results.reduce((sum, r) => sum + r.cleared, 0),
  });
}

Deno.serve(createScheduledHandler({ name: 'screen-exclusions', handle: screen }));
