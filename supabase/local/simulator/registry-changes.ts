/**
 * Changes to the registries' data a test or a demo makes at run time, per NPI (issue 33:
 * the scheduled re-verification must notice them): CMS drops the NPI from both datasets
 * (enrollment lost), NPPES deactivates it (result_count 0) or answers a new credential.
 * `POST /__simulator/__changes {npi, cms?: "removed"|null, nppes?: "deactivated"|null,
 * credential?: string|null}` (service key), `DELETE /__simulator/__changes?npi=` undoes them.
 */
import type { NppesResult } from './types.ts';

export interface NpiChange {
  cmsRemoved: boolean;
  nppesDeactivated: boolean;
  credential: string | null;
}

export type ParsedChange = { ok: true; npi: string; change: NpiChange } | { ok: false; message: string };

export function parseChange(value: unknown): ParsedChange {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'The body must be a JSON object' };
  const body = value as Record<string, unknown>;
  if (typeof body.npi !== 'string' || !/^[0-9]{10}$/.test(body.npi)) return { ok: false, message: 'npi must be 10 digits' };
  if (body.cms !== undefined && body.cms !== null && body.cms !== 'removed') return { ok: false, message: 'cms must be "removed" or null' };
  if (body.nppes !== undefined && body.nppes !== null && body.nppes !== 'deactivated') return { ok: false, message: 'nppes must be "deactivated" or null' };
  if (body.credential !== undefined && body.credential !== null && typeof body.credential !== 'string') return { ok: false, message: 'credential must be text or null' };
  return {
    ok: true,
    npi: body.npi,
    change: { cmsRemoved: body.cms === 'removed', nppesDeactivated: body.nppes === 'deactivated', credential: (body.credential as string | null | undefined) ?? null },
  };
}

export class RegistryChanges {
  private readonly changes = new Map<string, NpiChange>();

  set(npi: string, change: NpiChange): void {
    this.changes.set(npi, change);
  }

  clear(npi?: string): void {
    if (npi) this.changes.delete(npi);
    else this.changes.clear();
  }

  state(): Record<string, NpiChange> {
    return Object.fromEntries(this.changes);
  }

  /** NPPES results as changed: deactivated ones dropped, credentials replaced. */
  nppes(results: readonly NppesResult[]): NppesResult[] {
    return results.flatMap((result) => {
      const change = this.changes.get(result.number);
      if (!change) return [result];
      if (change.nppesDeactivated) return [];
      if (change.credential === null || result.enumeration_type !== 'NPI-1') return [result];
      return [{ ...result, basic: { ...result.basic, credential: change.credential } }];
    });
  }

  /** CMS rows as changed: rows of removed NPIs dropped. */
  cms<T extends { NPI?: unknown }>(rows: readonly T[]): readonly T[] {
    if (this.changes.size === 0) return rows;
    return rows.filter((row) => !this.changes.get(String(row.NPI))?.cmsRemoved);
  }
}
