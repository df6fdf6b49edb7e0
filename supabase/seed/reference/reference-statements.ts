/**
 * The reference data part of supabase/seed.sql: the demo compendium, ICD-10-CM subset and
 * lab NCDs, checked with the same rules as an import (a seed row the import would refuse
 * stops the generator), inserted, then published as version 1 of each data set.
 */
import { numberCsvRows, planCompendiumImport } from '../../functions/_shared/lab/compendium-import.ts';
import { COMPENDIUM_COLUMNS, compendiumRecord } from '../../functions/_shared/lab/compendium-row.ts';
import { planNcdImport } from '../../functions/_shared/lab/ncd-import.ts';
import type { CompendiumTest, NcdPolicy } from '../../functions/_shared/lab/reference-types.ts';
import { jsonb, insertStatement, textArray, type SqlRow } from '../render-sql.ts';
import { demoCompendium } from './demo-compendium.ts';
import { demoIcd10cm } from './demo-icd10cm.ts';
import { demoNcdRows, NCD_CSV_HEADER } from './demo-ncd.ts';

export const DEMO_RELEASES = { compendium: 'Demo compendium 2026', icd10cm: 'FY2026 demo subset', ncd: '2026 Q1 demo subset' } as const;

/** The seed's tests and NCDs as an import would accept them; throws on any refused row. */
export function checkedReferenceSeed(): { tests: CompendiumTest[]; policies: NcdPolicy[] } {
  const tests = demoCompendium();
  const compendium = planCompendiumImport([...COMPENDIUM_COLUMNS], numberCsvRows(tests.map(compendiumRecord)), []);
  const ncd = planNcdImport(NCD_CSV_HEADER, numberCsvRows(demoNcdRows()), []);
  const refused = [...compendium.report.rows, ...ncd.report.rows].filter((row) => row.outcome === 'refused');
  if (refused.length > 0) throw new Error(`The reference seed has rows an import refuses: ${JSON.stringify(refused, null, 2)}`);
  return { tests: compendium.writes, policies: ncd.writes };
}

export function referenceSections(): Array<[string, string]> {
  const { tests, policies } = checkedReferenceSeed();
  const testRows: SqlRow[] = tests.map((test) => ({
    code: test.code,
    name: test.name,
    loinc: test.loinc,
    specimen_type: test.specimen_type,
    container: test.container,
    volume: test.volume,
    transport_temperature: test.transport_temperature,
    stability: test.stability,
    cpt_codes: textArray(test.cpt_codes),
    turnaround: test.turnaround,
    is_panel: test.is_panel,
    panel_members: textArray(test.panel_members),
    active: test.active,
    questions: jsonb(test.questions),
    critical_low: test.critical_range?.low ?? null,
    critical_high: test.critical_range?.high ?? null,
    critical_unit: test.critical_range?.unit ?? null,
  }));
  const icdRows: SqlRow[] = demoIcd10cm().map((code) => ({
    code: code.code,
    billable: code.billable,
    short_description: code.short,
    long_description: code.long,
    order_number: code.order,
  }));
  const policyRows: SqlRow[] = policies.map((policy) => ({ id: policy.id, title: policy.title, list_kind: policy.list_kind, frequency: jsonb(policy.frequency) }));
  const codeRows: SqlRow[] = policies.flatMap((policy) => [
    ...policy.codes.map((code) => ({ ncd_id: policy.id, list: 'hcpcs', code })),
    ...policy.diagnoses.map((code) => ({ ncd_id: policy.id, list: 'diagnosis', code })),
    ...policy.non_covered.map((code) => ({ ncd_id: policy.id, list: 'non_covered', code })),
  ]);
  const publish = Object.entries(DEMO_RELEASES)
    .map(([name, release]) => `select private.publish_reference_data('${name}', '${release}');`)
    .join('\n');
  return [
    ['Reference data: the demo test compendium', insertStatement('public.compendium_tests', testRows)],
    ['Reference data: a demo subset of ICD-10-CM', insertStatement('public.icd10cm_codes', icdRows)],
    ['Reference data: demo lab NCDs', `${insertStatement('public.ncd_policies', policyRows)}\n${insertStatement('public.ncd_codes', codeRows)}`],
    ['Reference data: published as version 1 of each data set', publish],
  ];
}
