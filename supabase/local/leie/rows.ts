/**
 * The OIG's List of Excluded Individuals/Entities as the simulator serves it: rows in the
 * published UPDATED.csv columns, made from a seeded generator so the file is the same on
 * every run — mostly individuals with NPI 0000000000 (older entries, matched by name, state
 * and date of birth), a share with a real-looking NPI, some entities under BUSNAME, dates
 * as YYYYMMDD and 00000000 when empty, EXCLTYPE the statute (1128a1 …).
 */
import { createRng } from '../simulator/prng.ts';
import { hasValidCheckDigit } from '../../functions/_shared/npi.ts';

export const LEIE_COLUMNS = ['LASTNAME', 'FIRSTNAME', 'MIDNAME', 'BUSNAME', 'GENERAL', 'SPECIALTY', 'UPIN', 'NPI', 'DOB', 'ADDRESS', 'CITY', 'STATE', 'ZIP', 'EXCLTYPE', 'EXCLDATE', 'REINDATE', 'WAIVERDATE', 'WVRSTATE'] as const;
export type LeieColumn = (typeof LEIE_COLUMNS)[number];
export type LeieRow = Record<LeieColumn, string>;

export const NO_NPI = '0000000000';
export const NO_DATE = '00000000';
export const EXCLUSION_TYPES = ['1128a1', '1128a2', '1128a3', '1128a4', '1128b1', '1128b4', '1128b5', '1128b7', '1128b8', '1128b14', '1128Aa'] as const;

const LAST = ['SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'JONES', 'GARCIA', 'MILLER', 'DAVIS', 'RODRIGUEZ', 'MARTINEZ', 'HERNANDEZ', 'LOPEZ', 'WILSON', 'ANDERSON', 'THOMAS', 'TAYLOR', 'MOORE', 'JACKSON', 'MARTIN', 'LEE', "O'CONNOR", 'NGUYEN', 'KOWALSKI', 'PATEL'];
const FIRST = ['JAMES', 'MARY', 'ROBERT', 'PATRICIA', 'JOHN', 'JENNIFER', 'MICHAEL', 'LINDA', 'DAVID', 'ELIZABETH', 'WILLIAM', 'BARBARA', 'RICHARD', 'SUSAN', 'JOSEPH', 'JESSICA', 'KAREN', 'DENISE'];
const PROFESSIONS: Array<[string, string]> = [
  ['NURSING PROFESSION', 'NURSE/NURSES AIDE'],
  ['MEDICAL PRACTICE, MD', 'INTERNAL MEDICINE'],
  ['MEDICAL PRACTICE, MD', 'FAMILY PRACTICE'],
  ['PHARMACY', 'PHARMACIST'],
  ['OTHER BUSINESS', 'HOME HEALTH AGENCY'],
  ['IND- LIC HC SERV PRO', 'PHYSICAL THERAPIST'],
  ['BUSINESS', 'DME - MEDICAL SUPPLY'],
];
const PLACES: Array<[string, string, string]> = [
  ['ALBANY', 'NY', '12207'], ['BROOKLYN', 'NY', '11201'], ['MIAMI', 'FL', '33125'], ['HOUSTON', 'TX', '77002'], ['LOS ANGELES', 'CA', '90012'],
  ['CHICAGO', 'IL', '60601'], ['DETROIT', 'MI', '48201'], ['NEWARK', 'NJ', '07102'], ['PHOENIX', 'AZ', '85004'], ['BOSTON', 'MA', '02108'],
];
const STREETS = ['MAIN ST', 'OAK AVE', 'WASHINGTON BLVD', 'PARK PL', 'CENTRAL AVE', 'MAPLE DR'];

/** A valid NPI starting with 19 (the fixtures' providers use other prefixes). */
function npiFrom(digits: string): string {
  const base = `19${digits.slice(0, 7)}`;
  for (let check = 0; check <= 9; check += 1) if (hasValidCheckDigit(`${base}${check}`)) return `${base}${check}`;
  throw new Error('unreachable: one check digit always fits');
}

function date(rng: ReturnType<typeof createRng>, fromYear: number, toYear: number): string {
  return `${rng.int(fromYear, toYear)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}`;
}

export function generatedRows(count = 160, seed = 20261101): LeieRow[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => {
    const [general, specialty] = rng.pick(PROFESSIONS);
    const [city, state, zip] = rng.pick(PLACES);
    const entity = general.includes('BUSINESS') && rng.chance(0.7);
    const person = !entity;
    const withNpi = rng.chance(person ? 0.25 : 0.5);
    return {
      LASTNAME: person ? rng.pick(LAST) : '',
      FIRSTNAME: person ? rng.pick(FIRST) : '',
      MIDNAME: person && rng.chance(0.5) ? String.fromCharCode(65 + rng.int(0, 25)) : '',
      BUSNAME: entity ? `${rng.pick(LAST)} ${rng.pick(['MEDICAL SUPPLY, INC', 'HOME CARE LLC', 'PHARMACY CORP'])}` : '',
      GENERAL: general,
      SPECIALTY: specialty,
      UPIN: rng.chance(0.1) ? `${String.fromCharCode(65 + rng.int(0, 25))}${rng.digits(5)}` : '',
      NPI: withNpi ? npiFrom(rng.digits(7)) : NO_NPI,
      // The published layout writes 00000000 where a date is not known (a business has no birth date).
      DOB: person ? date(rng, 1940, 1990) : NO_DATE,
      ADDRESS: `${rng.int(10, 9999)} ${rng.pick(STREETS)}`,
      CITY: city,
      STATE: state,
      ZIP: zip,
      EXCLTYPE: rng.pick(EXCLUSION_TYPES),
      EXCLDATE: date(rng, 2005, 2026),
      REINDATE: NO_DATE,
      WAIVERDATE: NO_DATE,
      WVRSTATE: '',
    };
  });
}

/**
 * Rows the demo shows: the seeded client "Empire Workplace Drug Testing LLC" (Albany, NY;
 * supabase/seed/demo-organizations.ts) is listed as a business without an NPI, written as
 * the OIG writes it (another case, a comma, "L.L.C."), so screening organizations finds a
 * possible match there for a person to confirm or dismiss.
 */
export function demoRows(): LeieRow[] {
  return [
    {
      LASTNAME: '', FIRSTNAME: '', MIDNAME: '', BUSNAME: 'EMPIRE WORKPLACE DRUG TESTING, L.L.C.', GENERAL: 'OTHER BUSINESS', SPECIALTY: 'CLINICAL LABORATORY',
      UPIN: '', NPI: NO_NPI, DOB: NO_DATE, ADDRESS: '1 COMMERCE PLZ STE 410', CITY: 'ALBANY', STATE: 'NY', ZIP: '12260',
      EXCLTYPE: '1128b7', EXCLDATE: '20250917', REINDATE: NO_DATE, WAIVERDATE: NO_DATE, WVRSTATE: '',
    },
  ];
}

function csvValue(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(rows: readonly LeieRow[]): string {
  return [LEIE_COLUMNS.join(','), ...rows.map((row) => LEIE_COLUMNS.map((column) => csvValue(row[column])).join(','))].join('\r\n') + '\r\n';
}
