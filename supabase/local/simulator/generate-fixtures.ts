/**
 * Writes the registry simulator's fixtures (fixtures/*.json) from a fixed seed, so that
 * running it again gives byte-identical files. The named cases of named-npis.ts get their
 * hand-written stories; the rest are synthetic providers with invented names.
 *
 *   npx tsx supabase/local/simulator/generate-fixtures.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDIVIDUAL_TAXONOMIES, ORGANIZATION_TAXONOMIES, PLACES, type Place, type TaxonomyInfo } from './generator-data.ts';
import { INVALID_CHECK_DIGIT_NPIS, NAMED_NPIS } from './named-npis.ts';
import { isValidNpi, withCheckDigit } from './npi.ts';
import { createRng } from './prng.ts';
import { organizationCases } from './organization-cases.ts';
import { address, buildIndividual, buildOrganization, orderReferringRow, ppefRow } from './record-builders.ts';
import type { DeactivatedNpi, NppesIndividual, NppesResult, OrderReferringRow, PpefRow } from './types.ts';

const SEED = 20261121;
const GENERIC_INDIVIDUALS = 230;
const GENERIC_ORGANIZATIONS = 34;
export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

function findTaxonomy(code: string): TaxonomyInfo {
  const info = [...INDIVIDUAL_TAXONOMIES, ...ORGANIZATION_TAXONOMIES].find((t) => t.code === code);
  if (!info) throw new Error(`Unknown taxonomy ${code}`);
  return info;
}

function findPlace(city: string): Place {
  const place = PLACES.find((p) => p.city === city);
  if (!place) throw new Error(`Unknown place ${city}`);
  return place;
}

export interface Fixtures {
  nppes: NppesResult[];
  deactivated: DeactivatedNpi[];
  ppef: PpefRow[];
  orderReferring: OrderReferringRow[];
}

/** The registry example of reference/registries.md, verbatim: JANE A DOE. */
function janeDoe(): NppesIndividual {
  return {
    created_epoch: '1183680000000', enumeration_type: 'NPI-1', last_updated_epoch: '1716940800000', number: NAMED_NPIS.enrolledPartB,
    addresses: [
      { country_code: 'US', country_name: 'United States', address_purpose: 'LOCATION', address_type: 'DOM', address_1: '100 MAIN ST', address_2: 'SUITE 200', city: 'ALBANY', state: 'NY', postal_code: '122071234', telephone_number: '518-555-0100', fax_number: '518-555-0101' },
      { country_code: 'US', country_name: 'United States', address_purpose: 'MAILING', address_type: 'DOM', address_1: 'PO BOX 55', address_2: '', city: 'ALBANY', state: 'NY', postal_code: '12201', telephone_number: '518-555-0100' },
    ],
    practiceLocations: [],
    basic: { first_name: 'JANE', last_name: 'DOE', middle_name: 'A', credential: 'M.D.', sole_proprietor: 'NO', sex: 'F', enumeration_date: '2007-07-06', last_updated: '2024-05-29', certification_date: '2024-05-29', status: 'A', name_prefix: 'Dr.', name_suffix: '--' },
    taxonomies: [{ code: '207Q00000X', taxonomy_group: '', desc: 'Family Medicine', state: 'NY', license: '123456', primary: true }],
    identifiers: [], endpoints: [], other_names: [],
  };
}

export function generateFixtures(): Fixtures {
  const rng = createRng(SEED);
  const used = new Set<string>([...Object.values(NAMED_NPIS), ...INVALID_CHECK_DIGIT_NPIS]);
  const freshNpi = (): string => {
    for (;;) {
      const npi = withCheckDigit(`1${rng.digits(8)}`);
      if (!used.has(npi)) {
        used.add(npi);
        return npi;
      }
    }
  };
  const out: Fixtures = { nppes: [], deactivated: [], ppef: [], orderReferring: [] };
  const enroll = (record: NppesResult, info: TaxonomyInfo, state?: string) =>
    out.ppef.push(ppefRow(rng, record, info, state ?? record.taxonomies[0]?.state ?? 'NY'));
  const person = (npi: string, first: string, middle: string, last: string, sex: 'F' | 'M', codes: string[], city: string) => {
    const record = buildIndividual(rng, { number: npi, first, middle, last, sex, taxonomies: codes.map(findTaxonomy), place: findPlace(city) });
    out.nppes.push(record);
    return record;
  };

  // --- the named cases (FIXTURES.md) ---
  const doe = janeDoe();
  out.nppes.push(doe);
  enroll(doe, findTaxonomy('207Q00000X'));
  out.orderReferring.push(orderReferringRow(doe));

  const mendez = person(NAMED_NPIS.enrolledNoPartB, 'ROBERT', 'T', 'MENDEZ', 'M', ['363LF0000X'], 'TROY');
  mendez.basic.credential = 'NP';
  enroll(mendez, findTaxonomy('363LF0000X'));
  out.orderReferring.push(orderReferringRow(mendez, { PARTB: 'N', DME: 'Y', HHA: 'N', PMD: 'N', HOSPICE: 'N' }));

  const nguyen = person(NAMED_NPIS.enrolledNotOrderReferring, 'ALICE', 'M', 'NGUYEN', 'F', ['208000000X'], 'SCHENECTADY');
  nguyen.basic.credential = 'M.D.';
  enroll(nguyen, findTaxonomy('208000000X'));

  const okafor = person(NAMED_NPIS.multiEnrollment, 'SAMUEL', 'J', 'OKAFOR', 'M', ['207R00000X'], 'BENNINGTON');
  okafor.basic.credential = 'M.D.';
  enroll(okafor, findTaxonomy('207R00000X'), 'VT');
  enroll(okafor, findTaxonomy('207R00000X'), 'NY');
  out.orderReferring.push(orderReferringRow(okafor));

  const park = person(NAMED_NPIS.notEnrolled, 'LINDA', 'K', 'PARK', 'F', ['207V00000X'], 'ALBANY');
  park.basic.credential = 'M.D.';
  // Park Women's Health, a sole proprietor among the demo organizations.
  park.basic.sole_proprietor = 'YES';

  const kowalski = person(NAMED_NPIS.multiTaxonomy, 'DAVID', 'R', 'KOWALSKI', 'M', ['207RC0000X', '207R00000X', '207RE0101X'], 'ALBANY');
  kowalski.basic.credential = 'M.D.';
  // NPPES lists taxonomies in the provider's order, not primary first: put the primary second.
  const [cardio, internal, endo] = kowalski.taxonomies;
  if (!cardio || !internal || !endo) throw new Error('multiTaxonomy needs three taxonomies');
  kowalski.taxonomies = [internal, cardio, endo];
  kowalski.practiceLocations = [address(rng, findPlace('SARATOGA SPRINGS'), 'LOCATION'), address(rng, findPlace('GLENS FALLS'), 'LOCATION')];
  enroll(kowalski, findTaxonomy('207RC0000X'));
  out.orderReferring.push(orderReferringRow(kowalski));

  const santos = person(NAMED_NPIS.noPrimaryTaxonomy, 'MARIA', 'L', 'SANTOS', 'F', ['207Q00000X', '207R00000X'], 'KINGSTON');
  santos.basic.credential = 'M.D.';
  santos.taxonomies = santos.taxonomies.map((t) => ({ ...t, primary: false }));
  enroll(santos, findTaxonomy('207Q00000X'));
  out.orderReferring.push(orderReferringRow(santos));

  const brennan = person(NAMED_NPIS.noLocationAddress, 'THOMAS', 'E', 'BRENNAN', 'M', ['207Q00000X'], 'GLENS FALLS');
  brennan.basic.credential = 'D.O.';
  brennan.addresses = [address(rng, findPlace('GLENS FALLS'), 'MAILING')];
  brennan.practiceLocations = [];
  enroll(brennan, findTaxonomy('207Q00000X'));
  out.orderReferring.push(orderReferringRow(brennan));

  const obrien = person(NAMED_NPIS.apostropheName, 'SEAN', 'P', "O'BRIEN", 'M', ['207R00000X'], 'PITTSFIELD');
  obrien.basic.credential = 'D.O.';
  obrien.basic.sole_proprietor = 'YES';
  enroll(obrien, findTaxonomy('207R00000X'));
  out.orderReferring.push(orderReferringRow(obrien));

  const group = buildOrganization(rng, { number: NAMED_NPIS.organization, name: 'CAPITAL REGION MEDICAL GROUP PLLC', taxonomy: findTaxonomy('261QM1300X'), place: findPlace('ALBANY') });
  group.other_names = [{ organization_name: 'CAPITAL REGION PRIMARY CARE', type: 'Doing Business As', code: '3' }];
  out.nppes.push(group);
  enroll(group, findTaxonomy('261QM1300X'));

  out.deactivated.push({ number: NAMED_NPIS.deactivated, enumeration_type: 'NPI-1', deactivation_date: '2023-03-15' });

  // --- synthetic providers ---
  for (let i = 0; i < GENERIC_INDIVIDUALS; i += 1) {
    const primary = rng.pick(INDIVIDUAL_TAXONOMIES);
    const extra = rng.chance(0.2) ? [rng.pick(INDIVIDUAL_TAXONOMIES.filter((t) => t.code !== primary.code))] : [];
    const record = buildIndividual(rng, { number: freshNpi(), taxonomies: [primary, ...extra] });
    out.nppes.push(record);
    if (!rng.chance(0.72)) continue;
    enroll(record, primary);
    const roll = rng.next();
    const flag = (p: number): 'Y' | 'N' => (rng.chance(p) ? 'Y' : 'N');
    if (roll < 0.85) out.orderReferring.push(orderReferringRow(record, { DME: flag(0.8), HHA: flag(0.7), PMD: flag(0.6), HOSPICE: flag(0.5) }));
    else if (roll < 0.93) out.orderReferring.push(orderReferringRow(record, { PARTB: 'N', DME: flag(0.5), HHA: 'N', PMD: 'N', HOSPICE: 'N' }));
  }
  for (let i = 0; i < GENERIC_ORGANIZATIONS; i += 1) {
    const info = rng.pick(ORGANIZATION_TAXONOMIES);
    const record = buildOrganization(rng, { number: freshNpi(), taxonomy: info });
    out.nppes.push(record);
    if (rng.chance(0.6)) enroll(record, info);
  }
  for (let i = 0; i < 3; i += 1) {
    out.deactivated.push({ number: freshNpi(), enumeration_type: rng.chance(0.7) ? 'NPI-1' : 'NPI-2', deactivation_date: `20${rng.int(15, 24)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}` });
  }

  // --- issue 24: organizations and sole proprietors (a random stream of their own) ---
  const organizations = organizationCases(SEED + 24);
  out.nppes.push(...organizations.records);
  out.deactivated.push(...organizations.deactivated);

  out.nppes.sort((a, b) => a.number.localeCompare(b.number));
  out.ppef.sort((a, b) => a.NPI.localeCompare(b.NPI) || a.STATE_CD.localeCompare(b.STATE_CD));
  out.orderReferring.sort((a, b) => a.NPI.localeCompare(b.NPI));
  for (const npi of [...out.nppes.map((r) => r.number), ...out.deactivated.map((d) => d.number)]) {
    if (!isValidNpi(npi)) throw new Error(`Fixture NPI ${npi} has an invalid check digit`);
  }
  return out;
}

/** A JSON array with one record per line: readable diffs, modest size. */
export function toJsonLines(items: readonly unknown[]): string {
  return `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
}

export const FIXTURE_FILES = {
  nppes: 'nppes-results.json',
  deactivated: 'nppes-deactivated.json',
  ppef: 'cms-ppef.json',
  orderReferring: 'cms-order-referring.json',
} as const satisfies Record<keyof Fixtures, string>;

function main(): void {
  const fixtures = generateFixtures();
  for (const key of Object.keys(FIXTURE_FILES) as Array<keyof Fixtures>) {
    writeFileSync(path.join(FIXTURES_DIR, FIXTURE_FILES[key]), toJsonLines(fixtures[key]));
  }
  console.log(
    `Wrote ${fixtures.nppes.length} NPPES results, ${fixtures.deactivated.length} deactivated, ` +
      `${fixtures.ppef.length} PPEF rows, ${fixtures.orderReferring.length} Order and Referring rows to ${FIXTURES_DIR}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
