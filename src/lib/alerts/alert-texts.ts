/**
 * The names of alert kinds (public.alerts.kind, issue 33) as staff read them, and the kinds
 * that mean a provider lost the right to order Medicare lab tests (order entry blocks
 * Medicare billing while one is open).
 */
export const ALERT_KIND_LABELS: Readonly<Record<string, string>> = {
  pecos_lost: 'Medicare enrollment lost',
  pecos_gained: 'Medicare enrollment found',
  part_b_lost: 'Part B ordering lost',
  npi_deactivated: 'NPI deactivated',
  name_changed: 'Name changed in NPPES',
  credential_changed: 'Credential changed in NPPES',
  taxonomy_changed: 'Primary taxonomy changed',
  exclusion_possible: 'Possible exclusion (OIG LEIE)',
  exclusion_confirmed: 'Excluded (OIG LEIE)',
  critical_value: 'Critical value',
};

/** Kinds whose open alert means Medicare may deny lab orders in the provider's name. */
export const LOSS_OF_ENROLLMENT_KINDS: ReadonlySet<string> = new Set(['pecos_lost', 'part_b_lost', 'npi_deactivated', 'exclusion_confirmed']);

export function alertKindLabel(kind: string): string {
  return ALERT_KIND_LABELS[kind] ?? kind;
}

/** Kinds shown in red: a loss; the rest (changes to review) in orange, a gain in green. */
export function alertTone(kind: string): 'red' | 'orange' | 'green' {
  if (LOSS_OF_ENROLLMENT_KINDS.has(kind) || kind === 'critical_value') return 'red';
  return kind === 'pecos_gained' ? 'green' : 'orange';
}
