/**
 * What the simulated laboratory can run: order codes and, for each, the analytes it
 * reports (LOINC code, units, reference interval, critical limits) as a reference
 * laboratory's compendium lists them. The product's compendium is built elsewhere; the
 * simulator takes any list of order codes (`testCodes`), reports the demo analytes for
 * the codes it knows and a single text result for the others.
 */

export interface Analyte {
  loinc: string;
  name: string;
  units: string;
  /** Reference interval; `low` or `high` may be absent (e.g. cholesterol < 200). */
  low?: number;
  high?: number;
  /** Critical ("panic") limits, when the analyte has them. */
  criticalLow?: number;
  criticalHigh?: number;
  decimals: number;
}

export interface LabTest {
  code: string;
  name: string;
  analytes: readonly Analyte[];
}

export const DEMO_TESTS: readonly LabTest[] = [
  {
    code: 'HBA1C',
    name: 'Hemoglobin A1c',
    analytes: [{ loinc: '4548-4', name: 'Hemoglobin A1c/Hemoglobin.total in Blood', units: '%', low: 4.0, high: 5.6, decimals: 1 }],
  },
  {
    code: 'LIPID',
    name: 'Lipid Panel',
    analytes: [
      { loinc: '2093-3', name: 'Cholesterol [Mass/volume] in Serum or Plasma', units: 'mg/dL', high: 199, decimals: 0 },
      { loinc: '2571-8', name: 'Triglyceride [Mass/volume] in Serum or Plasma', units: 'mg/dL', high: 149, criticalHigh: 1000, decimals: 0 },
      { loinc: '2085-9', name: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma', units: 'mg/dL', low: 40, decimals: 0 },
      { loinc: '13457-7', name: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation', units: 'mg/dL', high: 99, decimals: 0 },
    ],
  },
  {
    code: 'BMP',
    name: 'Basic Metabolic Panel',
    analytes: [
      { loinc: '2345-7', name: 'Glucose [Mass/volume] in Serum or Plasma', units: 'mg/dL', low: 70, high: 99, criticalLow: 40, criticalHigh: 500, decimals: 0 },
      { loinc: '2951-2', name: 'Sodium [Moles/volume] in Serum or Plasma', units: 'mmol/L', low: 134, high: 144, criticalLow: 120, criticalHigh: 160, decimals: 0 },
      { loinc: '2823-3', name: 'Potassium [Moles/volume] in Serum or Plasma', units: 'mmol/L', low: 3.5, high: 5.2, criticalLow: 2.8, criticalHigh: 6.2, decimals: 1 },
      { loinc: '2160-0', name: 'Creatinine [Mass/volume] in Serum or Plasma', units: 'mg/dL', low: 0.57, high: 1.0, decimals: 2 },
    ],
  },
  {
    code: 'CBC',
    name: 'CBC without Differential',
    analytes: [
      { loinc: '6690-2', name: 'Leukocytes [#/volume] in Blood by Automated count', units: '10*3/uL', low: 3.4, high: 10.8, criticalLow: 1.0, criticalHigh: 30, decimals: 1 },
      { loinc: '718-7', name: 'Hemoglobin [Mass/volume] in Blood', units: 'g/dL', low: 11.1, high: 15.9, criticalLow: 7.0, criticalHigh: 20, decimals: 1 },
      { loinc: '4544-3', name: 'Hematocrit [Volume Fraction] of Blood by Automated count', units: '%', low: 34, high: 46.6, decimals: 1 },
      { loinc: '777-3', name: 'Platelets [#/volume] in Blood by Automated count', units: '10*3/uL', low: 150, high: 450, criticalLow: 20, criticalHigh: 1000, decimals: 0 },
    ],
  },
  {
    code: 'TSH',
    name: 'TSH',
    analytes: [{ loinc: '3016-3', name: 'Thyrotropin [Units/volume] in Serum or Plasma', units: 'mIU/L', low: 0.45, high: 4.5, decimals: 2 }],
  },
  {
    code: 'PSA',
    name: 'Prostate-Specific Ag',
    analytes: [{ loinc: '2857-1', name: 'Prostate specific Ag [Mass/volume] in Serum or Plasma', units: 'ng/mL', low: 0, high: 4.0, decimals: 1 }],
  },
  {
    code: 'PTINR',
    name: 'Prothrombin Time (PT) and INR',
    analytes: [
      { loinc: '5902-2', name: 'Prothrombin time (PT)', units: 's', low: 9.1, high: 12.0, decimals: 1 },
      { loinc: '6301-6', name: 'INR in Platelet poor plasma by Coagulation assay', units: '{INR}', low: 0.8, high: 1.2, criticalHigh: 4.5, decimals: 1 },
    ],
  },
];

/** The reference interval as laboratories print it: "70-99", "<200", ">39". */
export function referenceRange(analyte: Analyte): string {
  const step = 1 / 10 ** analyte.decimals;
  const fixed = (value: number) => value.toFixed(analyte.decimals);
  if (analyte.low !== undefined && analyte.high !== undefined) return `${fixed(analyte.low)}-${fixed(analyte.high)}`;
  if (analyte.high !== undefined) return `<${fixed(analyte.high + step)}`;
  return `>${fixed((analyte.low ?? 0) - step)}`;
}

/** The catalog for a set of accepted codes: demo analytes where known. */
export function catalogFor(codes: readonly string[] | null): Map<string, LabTest> {
  const demo = new Map(DEMO_TESTS.map((test) => [test.code, test]));
  if (!codes) return demo;
  return new Map(codes.map((code) => [code, demo.get(code) ?? { code, name: code, analytes: [] }]));
}
