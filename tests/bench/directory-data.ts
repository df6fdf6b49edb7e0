/**
 * Realistic directory rows for the benchmark, generated deterministically: providers whose
 * nppes_data is a registry answer of the real NPPES v2.1 shape (cloned from the simulator's
 * fixtures, renamed and renumbered with valid check digits), PECOS evidence on the verified
 * ones, about one in ten non-healthcare clients without an NPI, organizations, one or two
 * memberships per provider and result-distribution preferences for most of them. Names mix
 * common US surnames with generated ones, so searches narrow like in a real laboratory's
 * directory instead of matching thousands of "Smith"s.
 */
import { randomUUID } from 'node:crypto';
import { FEMALE_FIRST, LAST_NAMES, MALE_FIRST } from '../../supabase/local/simulator/generator-data.ts';
import { nppesResults, type NppesIndividual } from '../../supabase/local/simulator/fixtures.ts';
import { withCheckDigit } from '../../supabase/local/simulator/npi.ts';
import { createRng, type Rng } from '../../supabase/local/simulator/prng.ts';

export type Row = Record<string, unknown>;

export interface DirectoryBatch {
  organizations: Row[];
  providers: Row[];
  memberships: Row[];
  preferences: Row[];
}

const STEMS = ['Ab', 'Bel', 'Car', 'Dan', 'El', 'Fen', 'Gor', 'Hal', 'Ir', 'Jan', 'Kel', 'Lor', 'Mar', 'Nor', 'Os', 'Pen', 'Quin', 'Ros', 'Sal', 'Tor', 'Ul', 'Van', 'Wes', 'Yor', 'Zel', 'Brad', 'Chris', 'Dov', 'Hart', 'Lind'];
const ENDINGS = ['ton', 'ski', 'berg', 'son', 'ley', 'ford', 'man', 'ez', 'ini', 'ova', 'ard', 'well', 'stein', 'wood', 'field', 'er', 'ovich', 'escu', 'ian', 'o'];
const CLIENT_KINDS = ['Occupational Health', 'Drug Testing', 'Research Study', 'Veterinary Clinic', 'Wellness Program', 'School District'];
const ORG_SUFFIXES = ['Medical Group PLLC', 'Family Practice', 'Internal Medicine', 'Pediatrics', 'Urgent Care', "Women's Health", 'Cardiology Associates', 'Health Center'];
const REPORT_FORMATS = ['summary', 'comprehensive', 'summary_plus', 'comprehensive_plus'] as const;

export function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s\-'])([a-z])/g, (_m, boundary: string, letter: string) => boundary + letter.toUpperCase());
}

export function lastName(rng: Rng): string {
  return rng.chance(0.45) ? titleCase(rng.pick(LAST_NAMES)) : `${rng.pick(STEMS)}${rng.pick(ENDINGS)}`;
}

export function isoDaysAgo(rng: Rng, maxDays: number): string {
  return new Date(Date.UTC(2026, 10, 1) - rng.int(1, maxDays) * 86_400_000 - rng.int(0, 86_399) * 1000).toISOString();
}

/** The nine-digit stems of bench NPIs: a range the fixtures do not use, skipping any taken. */
function* npiStems(taken: ReadonlySet<string>, start: number): Generator<string> {
  for (let n = start; ; n += 1) {
    const npi = withCheckDigit(String(170_000_000 + n));
    if (!taken.has(npi)) yield npi;
  }
}

export interface GenerateOptions {
  /** How many providers to add. */
  count: number;
  /** Where this batch starts (so a second batch continues the first one's names and NPIs). */
  offset: number;
  /** NPIs already in the database. */
  takenNpis: ReadonlySet<string>;
}

export function generateDirectory({ count, offset, takenNpis }: GenerateOptions): DirectoryBatch {
  const rng = createRng(0xbe7c4 + offset);
  const templates = nppesResults().filter((result): result is NppesIndividual => result.enumeration_type === 'NPI-1');
  if (templates.length === 0) throw new Error('The simulator has no NPPES individuals to copy');
  const npis = npiStems(takenNpis, offset);

  const organizations: Row[] = Array.from({ length: Math.max(5, Math.ceil(count / 25)) }, (_, i) => {
    const type = i % 12 === 11 ? 'non_healthcare' : i % 7 === 6 ? 'sole_proprietor' : 'healthcare';
    const name = type === 'non_healthcare' ? `${lastName(rng)} ${rng.pick(CLIENT_KINDS)} LLC` : `${lastName(rng)} ${rng.pick(ORG_SUFFIXES)}`;
    const created = isoDaysAgo(rng, 3000);
    // The database requires an NPI of a healthcare organization (Type 2) and of a sole proprietor (Type 1).
    const npi = type === 'healthcare' ? withCheckDigit(String(260_000_000 + offset + i)) : type === 'sole_proprietor' ? withCheckDigit(String(190_000_000 + offset + i)) : null;
    return { id: randomUUID(), legal_name: name, type, npi, is_active: !rng.chance(0.04), created_at: created, updated_at: created };
  });

  const providers: Row[] = [];
  const memberships: Row[] = [];
  const preferences: Row[] = [];
  for (let i = 0; i < count; i += 1) {
    const healthcare = !rng.chance(0.1);
    const female = rng.chance(0.5);
    const first = titleCase(rng.pick(female ? FEMALE_FIRST : MALE_FIRST));
    const last = lastName(rng);
    const org = organizations[rng.int(0, organizations.length - 1)]!;
    const created = isoDaysAgo(rng, 2500);
    const email = rng.chance(0.7) ? `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `${i % 97}@clinic${i % 400}.example` : null;
    const row: Row = {
      id: randomUUID(),
      npi: null,
      first_name: first,
      last_name: last,
      nickname: rng.chance(0.08) ? first.slice(0, 3) : null,
      credential: null,
      email,
      phone: `518-555-01${String(rng.int(0, 99)).padStart(2, '0')}`,
      default_organization_id: org.id,
      taxonomy_code: null,
      taxonomy_description: null,
      is_active: !rng.chance(0.05),
      pecos_verified: false,
      pecos_verification_date: null,
      pecos_verification_data: null,
      nppes_verified: false,
      nppes_data: null,
      created_at: created,
      updated_at: created,
    };
    if (healthcare) {
      const npi = npis.next().value as string;
      const record = structuredClone(templates[(offset + i) % templates.length]!);
      record.number = npi;
      record.basic = { ...record.basic, first_name: first.toUpperCase(), last_name: last.toUpperCase() };
      const taxonomy = record.taxonomies.find((entry) => entry.primary) ?? record.taxonomies[0];
      const verified = rng.chance(0.8);
      const pecosChecked = verified && rng.chance(0.6);
      const checkedAt = pecosChecked ? isoDaysAgo(rng, 300) : null;
      Object.assign(row, {
        npi,
        credential: record.basic.credential || null,
        taxonomy_code: taxonomy?.code ?? null,
        taxonomy_description: taxonomy?.desc ?? null,
        nppes_verified: verified,
        nppes_data: verified ? { result_count: 1, results: [record], last_updated_date: isoDaysAgo(rng, 200) } : null,
        pecos_verified: pecosChecked && rng.chance(0.85),
        pecos_verification_date: checkedAt,
        pecos_verification_data: checkedAt ? pecosEvidence(npi, checkedAt, first, last) : null,
      });
    }
    providers.push(row);
    const orgIds = [org.id];
    if (rng.chance(0.35)) {
      const second = organizations[rng.int(0, organizations.length - 1)]!.id;
      if (second !== org.id) orgIds.push(second);
    }
    for (const organizationId of orgIds) {
      memberships.push({ id: randomUUID(), provider_id: row.id, organization_id: organizationId, is_active: !rng.chance(0.05), created_at: created, updated_at: created });
    }
    if (rng.chance(0.7)) {
      const fax = rng.chance(0.3);
      preferences.push({
        id: randomUUID(),
        provider_id: row.id,
        email_notifications: email !== null && rng.chance(0.6),
        fax_notifications: fax,
        in_app_notifications: rng.chance(0.8),
        report_format: rng.pick(REPORT_FORMATS),
        fax_number: fax ? `518-555-01${String(rng.int(0, 99)).padStart(2, '0')}` : null,
        favorite_reports: email && rng.chance(0.5) ? [email] : [],
        created_at: created,
        updated_at: created,
      });
    }
  }
  return { organizations, providers, memberships, preferences };
}

/** The CMS rows verify-pecos keeps as evidence, in the shape it stores them. */
function pecosEvidence(npi: string, checkedAt: string, first: string, last: string): Row {
  const url = (dataset: string) => `https://data.cms.gov/data-api/v1/dataset/${dataset}/data?filter%5BNPI%5D=${npi}&size=10`;
  return {
    npi,
    checked_at: checkedAt,
    source: 'CMS data API',
    enrollment: {
      dataset_id: '2457ea29-fc82-48b0-86ec-3b0755de7515',
      url: url('2457ea29-fc82-48b0-86ec-3b0755de7515'),
      rows: [{ NPI: npi, FIRST_NAME: first.toUpperCase(), LAST_NAME: last.toUpperCase(), PROVIDER_TYPE_DESC: 'PRACTITIONER - INTERNAL MEDICINE', STATE_CD: 'NY' }],
    },
    order_referring: {
      dataset_id: 'c99b5865-1119-4436-bb80-c5af2773ea1f',
      url: url('c99b5865-1119-4436-bb80-c5af2773ea1f'),
      rows: [{ NPI: npi, FIRST_NAME: first.toUpperCase(), LAST_NAME: last.toUpperCase(), PARTB: 'Y', DME: 'Y', HHA: 'N', PMD: 'Y', HOSPICE: 'N' }],
    },
  };
}
