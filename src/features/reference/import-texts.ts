/** What each import card says: the file it takes and where that file comes from (docs/reference-data.md). */
import type { ReferenceDataSetName } from '../../lib/lab/reference-types.ts';

export interface ImportCardText {
  title: string;
  description: string;
  accept: string;
  kind: 'csv' | 'text';
  releasePlaceholder: string;
}

export const IMPORT_TEXTS: Record<ReferenceDataSetName, ImportCardText> = {
  compendium: {
    title: 'Test compendium',
    description:
      'A CSV with one test per row: code, name, loinc, specimen_type, container, volume, transport_temperature, stability, cpt_codes, turnaround, is_panel, panel_members, active, questions, critical_low, critical_high, critical_unit. Tests the file does not list stay as they are.',
    accept: '.csv,text/csv',
    kind: 'csv',
    releasePlaceholder: 'e.g. Compendium 2026-06',
  },
  icd10cm: {
    title: 'ICD-10-CM diagnosis codes',
    description: 'CMS’s order file (icd10cm_order_YYYY.txt from the annual ICD-10-CM release): fixed width, one code per line, billable codes and headers.',
    accept: '.txt,text/plain',
    kind: 'text',
    releasePlaceholder: 'e.g. FY2026',
  },
  ncd: {
    title: 'Medicare lab NCDs',
    description:
      'The quarterly lab NCD code lists in the documented CSV mapping: ncd_id, ncd_title, list (hcpcs, covered, does_not_support, non_covered, frequency), code, max_count, months, note. The NCDs in the file replace those NCDs.',
    accept: '.csv,text/csv',
    kind: 'csv',
    releasePlaceholder: 'e.g. 2026 Q3 (July)',
  },
};

export const ADMIN_ONLY_TEXT =
  'This page is for admins. The reference data (the test compendium, ICD-10-CM codes and Medicare’s lab NCDs) is imported by an admin, and the server refuses an import from any other account.';
