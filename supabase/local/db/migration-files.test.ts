/**
 * The migrations folder as the Supabase CLI reads it: `<version>_<name>.sql`, applied in
 * version order, each version once (the history table is keyed by version). Two files with
 * the same version (two changes made side by side) would have the second skipped silently,
 * here and on a hosted project: refused here instead.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../config.ts';

describe('the migration files', () => {
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));

  it('are all named <14-digit version>_<name>.sql', () => {
    expect(files.filter((name) => !/^\d{14}_[a-z0-9_]+\.sql$/.test(name))).toEqual([]);
  });

  it('have a version each of their own', () => {
    const byVersion = new Map<string, string[]>();
    for (const name of files) {
      const version = name.split('_')[0]!;
      byVersion.set(version, [...(byVersion.get(version) ?? []), name]);
    }
    expect([...byVersion.values()].filter((names) => names.length > 1)).toEqual([]);
  });
});
