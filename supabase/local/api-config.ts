/**
 * The `[api]` settings of supabase/config.toml that the local stack applies as the hosted
 * Data API does: `max_rows`, PostgREST's `db-max-rows`, the most rows one answer carries
 * (1000 on hosted projects unless changed). Only that section and key are read.
 */
import fs from 'node:fs';

export interface ApiConfig {
  /** null: no cap (config.toml without `max_rows`). */
  maxRows: number | null;
}

export function readApiConfig(configFile: string): ApiConfig {
  if (!fs.existsSync(configFile)) return { maxRows: null };
  let inApi = false;
  for (const rawLine of fs.readFileSync(configFile, 'utf8').split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim();
    if (line.startsWith('[')) {
      inApi = line === '[api]';
      continue;
    }
    const setting = inApi ? /^max_rows\s*=\s*(\d+)$/.exec(line) : null;
    if (setting) return { maxRows: Number(setting[1]) };
  }
  return { maxRows: null };
}
