/**
 * A demo subset of Medicare's lab NCDs (the Medicare NCD Manual, 100-03, §190.15, 190.21,
 * 190.22, 190.23 and 190.31): the CPT/HCPCS codes each governs, a believable part of its
 * ICD-10-CM list (only codes of the demo ICD-10-CM subset), the codes never covered, and
 * the frequency limits the NCD text sets. Written as the rows of the documented CSV
 * mapping (docs/reference-data.md), so the seed goes through the same parser as an import.
 * A laboratory imports CMS's quarterly release instead.
 */
import type { CsvRecord } from '../../functions/_shared/lab/compendium-row.ts';

/** The codes CMS lists as non-covered for all lab NCDs (routine and administrative examinations): GY. */
const NEVER_COVERED = ['Z00.00', 'Z00.01', 'Z00.121', 'Z00.129', 'Z01.411', 'Z01.419', 'Z02.1'];

interface DemoNcd {
  id: string;
  title: string;
  hcpcs: string[];
  list: 'covered' | 'does_not_support';
  codes: string[];
  frequency: Array<{ code: string; max: number; months: number; note: string }>;
}

const NCDS: DemoNcd[] = [
  {
    id: '190.15',
    title: 'Blood Counts',
    hcpcs: ['85004', '85007', '85008', '85013', '85014', '85018', '85025', '85027', '85032', '85041', '85048', '85049', 'G0306', 'G0307'],
    list: 'does_not_support',
    codes: ['Z01.810', 'Z01.812', 'Z01.818', 'Z11.3', 'Z11.4', 'Z11.59', 'Z12.4', 'Z12.5', 'Z13.1', 'Z13.220', 'Z13.6', 'Z80.42', 'Z83.3'],
    frequency: [],
  },
  {
    id: '190.21',
    title: 'Glycated Hemoglobin/Glycated Protein',
    hcpcs: ['82985', '83036', '83037'],
    list: 'covered',
    codes: [
      'E10.65', 'E10.9', 'E11.21', 'E11.22', 'E11.29', 'E11.40', 'E11.42', 'E11.51', 'E11.641', 'E11.649', 'E11.65', 'E11.69', 'E11.8',
      'E11.9', 'E13.9', 'R73.01', 'R73.02', 'R73.03', 'R73.09', 'R73.9', 'Z79.4', 'Z79.84',
    ],
    frequency: [
      { code: '83036', max: 1, months: 3, note: 'Glycated hemoglobin is not covered more often than every three months in a controlled diabetic patient.' },
      { code: '83037', max: 1, months: 3, note: 'Glycated hemoglobin is not covered more often than every three months in a controlled diabetic patient.' },
      { code: '82985', max: 1, months: 1, note: 'Glycated protein is not covered more often than once a month.' },
    ],
  },
  {
    id: '190.22',
    title: 'Thyroid Testing',
    hcpcs: ['84436', '84439', '84443', '84479', '84480', '84481'],
    list: 'covered',
    codes: [
      'E03.8', 'E03.9', 'E04.1', 'E04.2', 'E05.90', 'E05.91', 'E06.3', 'E07.9', 'E78.00', 'E78.5', 'E89.0', 'I48.91', 'R00.0', 'R53.83',
      'R63.4', 'R63.5', 'R94.6', 'Z51.81', 'Z79.899',
    ],
    frequency: [
      { code: '', max: 2, months: 12, note: 'Up to two times a year in clinically stable patients; more often when therapy changed or symptoms suggest hypo- or hyperthyroidism.' },
    ],
  },
  {
    id: '190.23',
    title: 'Lipid Testing',
    hcpcs: ['80061', '82465', '83700', '83701', '83704', '83718', '83721', '84478'],
    list: 'covered',
    codes: [
      'E03.9', 'E10.9', 'E11.9', 'E78.00', 'E78.01', 'E78.1', 'E78.2', 'E78.41', 'E78.49', 'E78.5', 'I10', 'I11.9', 'I20.9', 'I25.10',
      'I63.9', 'I73.9', 'N18.30', 'N18.4', 'Z79.899',
    ],
    frequency: [
      { code: '', max: 6, months: 12, note: 'Any one component or a measured LDL up to six times in the first year of therapy; annually once stable.' },
    ],
  },
  {
    id: '190.31',
    title: 'Prostate Specific Antigen',
    hcpcs: ['84152', '84153', '84154'],
    list: 'covered',
    codes: ['C61', 'N40.0', 'N40.1', 'R31.9', 'R35.0', 'R97.20', 'R97.21', 'Z85.46'],
    frequency: [
      { code: '', max: 1, months: 12, note: 'Generally once a year for patients with lower urinary tract signs or symptoms, unless their condition changes.' },
    ],
  },
];

export const NCD_CSV_HEADER = ['ncd_id', 'ncd_title', 'list', 'code', 'max_count', 'months', 'note'];

/** The demo NCDs as rows of the NCD CSV mapping. */
export function demoNcdRows(): CsvRecord[] {
  return NCDS.flatMap((ncd) => [
    ...ncd.hcpcs.map((code, index) => ({ ncd_id: ncd.id, ncd_title: index === 0 ? ncd.title : '', list: 'hcpcs', code })),
    ...ncd.codes.map((code) => ({ ncd_id: ncd.id, list: ncd.list, code })),
    ...NEVER_COVERED.map((code) => ({ ncd_id: ncd.id, list: 'non_covered', code })),
    ...ncd.frequency.map((limit) => ({ ncd_id: ncd.id, list: 'frequency', code: limit.code, max_count: String(limit.max), months: String(limit.months), note: limit.note })),
  ]);
}
