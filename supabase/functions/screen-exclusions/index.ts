// screen-exclusions: the scheduled OIG exclusion screening (issue 33). Each run checks the
// LEIE file at OIG_LEIE_URL for a new release (a conditional GET: a 304 until the OIG
// publishes the next month's file; `force: true` downloads it anyway), loads a new one, then
// screens every active provider against the current release: new matches raise alerts,
// entries that left the list clear theirs, and each provider row records its status, when it
// was screened and the list's date; then every active organization the same way (its NPI,
// or its legal or DBA name against the list's BUSNAME in its state). The answer counts the
// providers at the top level and the organizations under `organizations`. A failed download
// screens against the release already loaded and says so; with none loaded the run fails
// (502) and writes nothing. Called by the scheduler only (supabase/schedule.json; docs/integrations.md, "OIG LEIE").
import { errorResponse, json } from '../_shared/http.ts';
import { createScheduledHandler, type ScheduledContext } from '../_shared/scheduled.ts';
import { refreshLeie, type LeieRelease } from '../_shared/exclusions/leie-store.ts';
import { ORGANIZATIONS, PROVIDERS, type ScreeningParty } from '../_shared/exclusions/screening-parties.ts';
import { screenRecords, tally, type ScreeningResult } from '../_shared/exclusions/screening-store.ts';

const PAGE = 1000;

/** Every active record of one kind, screened against the release; null when they could not be read. */
async function screenAll<Row extends { id: string }>(service: ScheduledContext['service'], release: LeieRelease, party: ScreeningParty<Row>): Promise<ScreeningResult[] | null> {
  const rows: Row[] = [];
  for (let from = 0; ; from += PAGE) {
    const page = await service.from(party.table).select(party.columns).eq('_deleted', false).eq('is_active', true).order('id').range(from, from + PAGE - 1);
    if (page.error) return null;
    rows.push(...(page.data as unknown as Row[]));
    if (page.data.length < PAGE) break;
  }
  return screenRecords(service, release, party, rows);
}

async function screen({ body, config, service }: ScheduledContext): Promise<Response> {
  if (body.force !== undefined && typeof body.force !== 'boolean') return errorResponse(400, 'invalid_request', 'force must be true or false.');
  const refreshed = await refreshLeie(service, config.oigLeieUrl, { force: body.force === true });
  const release = refreshed.release;
  if (!release) return errorResponse(502, 'leie_unavailable', refreshed.ok ? 'No LEIE release is loaded.' : refreshed.error);

  const providers = await screenAll(service, release, PROVIDERS);
  if (!providers) return errorResponse(500, 'read_failed', 'The providers to screen could not be read.');
  const organizations = await screenAll(service, release, ORGANIZATIONS);
  if (!organizations) return errorResponse(500, 'read_failed', 'The organizations to screen could not be read.');
  return json(200, {
    list: { list_date: release.list_date, row_count: release.row_count, source_url: release.source_url, changed: refreshed.ok && refreshed.changed, ...(refreshed.ok ? {} : { error: refreshed.error }) },
    ...tally(providers),
    organizations: tally(organizations),
  });
}

Deno.serve(createScheduledHandler({ name: 'screen-exclusions', handle: screen }));
