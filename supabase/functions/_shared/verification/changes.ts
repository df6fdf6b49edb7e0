// Compares two verification snapshots of one provider and names each change that raises
// an alert (issue 33): PECOS enrollment lost or gained, Part B eligibility lost, NPI
// deactivated, name, credential or primary taxonomy changed. A fact that was not known
// before (null: never checked) raises nothing: the first check only sets the baseline.
// Pure; the texts here are what staff read on the provider page and the dashboard.
import type { VerificationSnapshot } from './snapshot.ts';

export type VerificationAlertKind =
  | 'pecos_lost'
  | 'pecos_gained'
  | 'part_b_lost'
  | 'npi_deactivated'
  | 'name_changed'
  | 'credential_changed'
  | 'taxonomy_changed';

export interface AlertDraft {
  kind: VerificationAlertKind;
  summary: string;
  details: { before: unknown; after: unknown };
}

function shown(value: string | null): string {
  return value ? `"${value}"` : 'none';
}

export function verificationChanges(npi: string, before: VerificationSnapshot, after: VerificationSnapshot): AlertDraft[] {
  const drafts: AlertDraft[] = [];
  if (before.nppes_active === true && after.nppes_active === false) {
    drafts.push({
      kind: 'npi_deactivated',
      summary: `NPI ${npi} is no longer active in the NPPES registry: it has been deactivated.`,
      details: { before: true, after: false },
    });
  }
  // Names, credentials and taxonomies are compared only while NPPES has the record.
  if (before.nppes_active === true && after.nppes_active === true) {
    if (before.legal_name !== null && before.legal_name !== after.legal_name) {
      drafts.push({
        kind: 'name_changed',
        summary: `The NPPES name changed from ${shown(before.legal_name)} to ${shown(after.legal_name)}.`,
        details: { before: before.legal_name, after: after.legal_name },
      });
    }
    if (before.credential !== after.credential) {
      drafts.push({
        kind: 'credential_changed',
        summary: `The NPPES credential changed from ${shown(before.credential)} to ${shown(after.credential)}.`,
        details: { before: before.credential, after: after.credential },
      });
    }
    if (before.primary_taxonomy_code !== after.primary_taxonomy_code) {
      const describe = (code: string | null, text: string | null) => (code ? `${code}${text ? ` ${text}` : ''}` : null);
      drafts.push({
        kind: 'taxonomy_changed',
        summary: `The primary taxonomy changed from ${shown(describe(before.primary_taxonomy_code, before.primary_taxonomy_description))} to ${shown(describe(after.primary_taxonomy_code, after.primary_taxonomy_description))}.`,
        details: {
          before: { code: before.primary_taxonomy_code, description: before.primary_taxonomy_description },
          after: { code: after.primary_taxonomy_code, description: after.primary_taxonomy_description },
        },
      });
    }
  }
  if (before.pecos_enrolled === true && after.pecos_enrolled === false) {
    drafts.push({
      kind: 'pecos_lost',
      summary: `Medicare enrollment lost: neither the PECOS enrollment file nor the Order and Referring dataset lists NPI ${npi} any more.`,
      details: { before: true, after: false },
    });
  }
  if (before.pecos_enrolled === false && after.pecos_enrolled === true) {
    drafts.push({
      kind: 'pecos_gained',
      summary: `Medicare enrollment found: CMS now lists NPI ${npi} as enrolled in PECOS.`,
      details: { before: false, after: true },
    });
  }
  if (before.part_b === true && after.part_b === false) {
    drafts.push({
      kind: 'part_b_lost',
      summary: `Part B ordering lost: the Order and Referring dataset no longer says PARTB "Y" for NPI ${npi}; Medicare lab orders in this provider's name will be denied.`,
      details: { before: true, after: false },
    });
  }
  return drafts;
}

/**
 * The wait before the next attempt after `failures` registry failures in a row:
 * 15 minutes, doubling, at most a day.
 */
export function backoffMs(failures: number): number {
  const base = 15 * 60 * 1000;
  return Math.min(base * 2 ** Math.max(0, failures - 1), 24 * 60 * 60 * 1000);
}
