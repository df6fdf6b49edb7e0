// Loads the OIG's LEIE file into leie_releases/leie_entries (service role): a conditional
// GET (If-None-Match with the current release's ETag) so the daily check costs a 304 until
// the OIG publishes the next month's file; a new file is parsed, stored as a new release,
// made current, and the older releases dropped. A failed download or an unreadable file
// changes nothing: screening goes on with the current release and the answer says why.
import type { SupabaseClient } from '../supabase.ts';
import { parseLeieCsv, type LeieEntry } from './leie-file.ts';
import { businessNameKey, nameKey } from './leie-match.ts';

export interface LeieRelease {
  id: string;
  source_url: string;
  etag: string | null;
  list_date: string;
  fetched_at: string;
  row_count: number;
}

export type RefreshOutcome =
  | { ok: true; release: LeieRelease; changed: boolean }
  | { ok: false; release: LeieRelease | null; error: string };

const RELEASE_COLUMNS = 'id, source_url, etag, list_date, fetched_at, row_count';
const CHUNK = 1000;

export async function currentRelease(service: SupabaseClient): Promise<LeieRelease | null> {
  const { data, error } = await service.from('leie_releases').select(RELEASE_COLUMNS).eq('is_current', true).maybeSingle();
  if (error) throw new Error(`reading the current LEIE release failed: ${error.message}`);
  return (data as LeieRelease | null) ?? null;
}

export async function refreshLeie(service: SupabaseClient, url: string, options: { force?: boolean; timeoutMs?: number; fetchImpl?: typeof fetch } = {}): Promise<RefreshOutcome> {
  const current = await currentRelease(service);
  const headers: Record<string, string> = { Accept: 'text/csv' };
  if (current?.etag && !options.force && current.source_url === url) headers['If-None-Match'] = current.etag;
  let response: Response;
  let text: string;
  try {
    response = await (options.fetchImpl ?? fetch)(url, { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 120_000) });
    if (response.status === 304 && current) return { ok: true, release: current, changed: false };
    if (!response.ok) return { ok: false, release: current, error: `The LEIE file could not be downloaded (HTTP ${response.status}).` };
    text = await response.text();
  } catch (error) {
    return { ok: false, release: current, error: `The LEIE file could not be downloaded: ${(error as Error).message}.` };
  }
  const parsed = parseLeieCsv(text);
  if (!parsed.ok) return { ok: false, release: current, error: parsed.message };
  const modified = Date.parse(response.headers.get('Last-Modified') ?? '');
  const release = await storeRelease(service, {
    source_url: url,
    etag: response.headers.get('ETag'),
    list_date: new Date(Number.isNaN(modified) ? Date.now() : modified).toISOString(),
    row_count: parsed.entries.length,
  }, parsed.entries);
  if (typeof release === 'string') return { ok: false, release: current, error: release };
  return { ok: true, release, changed: true };
}

async function storeRelease(service: SupabaseClient, fields: Omit<LeieRelease, 'id' | 'fetched_at'>, entries: LeieEntry[]): Promise<LeieRelease | string> {
  const inserted = await service.from('leie_releases').insert({ ...fields, is_current: false }).select(RELEASE_COLUMNS).single();
  if (inserted.error) return `Storing the LEIE release failed: ${inserted.error.message}`;
  const release = inserted.data as LeieRelease;
  for (let i = 0; i < entries.length; i += CHUNK) {
    const rows = entries.slice(i, i + CHUNK).map((entry) => ({ ...entry, release_id: release.id, name_key: nameKey(entry.last_name), bus_name_key: businessNameKey(entry.bus_name) }));
    const { error } = await service.from('leie_entries').insert(rows);
    if (error) {
      await service.from('leie_releases').delete().eq('id', release.id);
      return `Storing the LEIE entries failed: ${error.message}`;
    }
  }
  const unset = await service.from('leie_releases').update({ is_current: false }).eq('is_current', true);
  const set = unset.error ? unset : await service.from('leie_releases').update({ is_current: true }).eq('id', release.id);
  if (set.error) return `Making the LEIE release current failed: ${set.error.message}`;
  await service.from('leie_releases').delete().neq('id', release.id);
  return release;
}

/** The current release's entries that may match these NPIs, last names or business names. */
export async function candidateEntries(service: SupabaseClient, releaseId: string, keys: { npis: string[]; nameKeys: string[]; businessNameKeys: string[] }): Promise<LeieEntry[]> {
  const columns = 'line, entry_key, npi, last_name, first_name, mid_name, bus_name, general, specialty, dob, address, city, state, zip, excl_type, excl_date, rein_date, waiver_date, waiver_state';
  const found = new Map<number, LeieEntry>();
  for (const [column, values] of [['npi', keys.npis], ['name_key', keys.nameKeys], ['bus_name_key', keys.businessNameKeys]] as const) {
    const unique = [...new Set(values.filter(Boolean))];
    for (let i = 0; i < unique.length; i += 100) {
      const { data, error } = await service.from('leie_entries').select(columns).eq('release_id', releaseId).in(column, unique.slice(i, i + 100));
      if (error) throw new Error(`reading LEIE entries failed: ${error.message}`);
      for (const row of data as LeieEntry[]) found.set(row.line, row);
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}
