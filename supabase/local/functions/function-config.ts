/**
 * The one setting of `supabase/config.toml` the functions host honours: `verify_jwt` under
 * `[functions.<name>]` (true unless set to false, as on hosted Supabase). Only section
 * headers and that key are read, so a tiny line parser is enough.
 */
import fs from 'node:fs';

export function readVerifyJwt(configFile: string): Map<string, boolean> {
  const settings = new Map<string, boolean>();
  if (!fs.existsSync(configFile)) return settings;
  let section: string | null = null;
  for (const rawLine of fs.readFileSync(configFile, 'utf8').split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim();
    const header = /^\[\s*functions\s*\.\s*(?:"([^"]+)"|([A-Za-z0-9_-]+))\s*\]$/.exec(line);
    if (header) {
      section = header[1] ?? header[2] ?? null;
      continue;
    }
    if (line.startsWith('[')) {
      section = null;
      continue;
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
    if (section && setting) settings.set(section, setting[1] === 'true');
  }
  return settings;
}
