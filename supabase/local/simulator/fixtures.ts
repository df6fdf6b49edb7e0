/**
 * Typed access to the registry simulator's committed fixtures (fixtures/*.json, written by
 * generate-fixtures.ts) and the named NPIs with a known story. The simulator serves from
 * these; the seed and the tests read them to know what the registries will answer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEWLY_ENROLLED_NPI } from './named-npis.ts';
import type { DeactivatedNpi, NppesResult, NppesSearchAnswer, OrderReferringRow, PpefRow } from './types.ts';

export { INVALID_CHECK_DIGIT_NPIS, MALFORMED_NPIS, NAMED_NPIS, NEWLY_ENROLLED_NPI, type NamedNpiKey } from './named-npis.ts';
export type * from './types.ts';
export { ORDER_REFERRING_DATASET_ID, PPEF_DATASET_ID } from './types.ts';

const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

function load<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES_DIR, file), 'utf8')) as T;
}

interface Loaded {
  nppes: NppesResult[];
  byNpi: Map<string, NppesResult>;
  deactivated: DeactivatedNpi[];
  ppef: PpefRow[];
  orderReferring: OrderReferringRow[];
}

let loaded: Loaded | null = null;

const NEWLY_ENROLLED_ROW: OrderReferringRow = {
  NPI: NEWLY_ENROLLED_NPI,
  LAST_NAME: 'LINDQVIST',
  FIRST_NAME: 'OLIVIA',
  PARTB: 'Y',
  DME: 'N',
  HHA: 'N',
  PMD: 'N',
  HOSPICE: 'N',
};

function fixtures(): Loaded {
  if (!loaded) {
    const nppes = load<NppesResult[]>('nppes-results.json');
    loaded = {
      nppes,
      byNpi: new Map(nppes.map((result) => [result.number, result])),
      deactivated: load<DeactivatedNpi[]>('nppes-deactivated.json'),
      ppef: load<PpefRow[]>('cms-ppef.json'),
      // The newly enrolled provider: in the twice-weekly Order and Referring dataset before
      // the quarterly enrollment file lists them (issue 33).
      orderReferring: [...load<OrderReferringRow[]>('cms-order-referring.json'), NEWLY_ENROLLED_ROW].sort((a, b) =>
        a.NPI.localeCompare(b.NPI),
      ),
    };
  }
  return loaded;
}

/** Every active NPPES record (individuals and organizations), sorted by NPI. Do not mutate. */
export function nppesResults(): readonly NppesResult[] {
  return fixtures().nppes;
}

/** The active NPPES record of an NPI (a copy), or undefined when unknown or deactivated. */
export function nppesResult(npi: string): NppesResult | undefined {
  const result = fixtures().byNpi.get(npi);
  return result ? structuredClone(result) : undefined;
}

/** What `GET /api/?version=2.1&number=<npi>` answers: a fresh object, safe to store as nppes_data. */
export function nppesAnswer(npi: string): NppesSearchAnswer {
  const result = nppesResult(npi);
  return result ? { result_count: 1, results: [result] } : { result_count: 0, results: [] };
}

/** NPIs that NPPES deactivated (it answers result_count 0 for them). */
export function deactivatedNpis(): readonly DeactivatedNpi[] {
  return fixtures().deactivated;
}

/** Rows of the PPEF enrollment dataset, sorted by NPI. Do not mutate. */
export function ppefRows(): readonly PpefRow[] {
  return fixtures().ppef;
}

/** Rows of the Order and Referring dataset, sorted by NPI. Do not mutate. */
export function orderReferringRows(): readonly OrderReferringRow[] {
  return fixtures().orderReferring;
}

export function ppefRowsFor(npi: string): PpefRow[] {
  return fixtures().ppef.filter((row) => row.NPI === npi).map((row) => ({ ...row }));
}

export function orderReferringRowFor(npi: string): OrderReferringRow | undefined {
  const row = fixtures().orderReferring.find((candidate) => candidate.NPI === npi);
  return row ? { ...row } : undefined;
}

/** A flat view of one fixture provider: what the seed and the tests usually need. */
export interface FixtureProviderSummary {
  npi: string;
  enumerationType: 'NPI-1' | 'NPI-2';
  firstName: string | null;
  lastName: string | null;
  organizationName: string | null;
  credential: string | null;
  /** The taxonomy flagged primary, or null when none is. */
  primaryTaxonomyCode: string | null;
  primaryTaxonomyDescription: string | null;
  state: string | null;
  license: string | null;
  phone: string | null;
  /** At least one PPEF row. */
  enrolledInPecos: boolean;
  /** PARTB of the Order and Referring row, or null when the NPI has none. */
  partB: 'Y' | 'N' | null;
}

export function providerSummaries(): FixtureProviderSummary[] {
  const { nppes, ppef, orderReferring } = fixtures();
  const enrolled = new Set(ppef.map((row) => row.NPI));
  const partB = new Map(orderReferring.map((row) => [row.NPI, row.PARTB]));
  return nppes.map((result) => {
    const primary = result.taxonomies.find((t) => t.primary) ?? null;
    const location = result.addresses.find((a) => a.address_purpose === 'LOCATION') ?? result.addresses[0] ?? null;
    const individual = result.enumeration_type === 'NPI-1' ? result.basic : null;
    return {
      npi: result.number,
      enumerationType: result.enumeration_type,
      firstName: individual?.first_name ?? null,
      lastName: individual?.last_name ?? null,
      organizationName: result.enumeration_type === 'NPI-2' ? result.basic.organization_name : null,
      credential: individual?.credential ?? null,
      primaryTaxonomyCode: primary?.code ?? null,
      primaryTaxonomyDescription: primary?.desc ?? null,
      state: primary?.state ?? location?.state ?? null,
      license: primary?.license ?? null,
      phone: location?.telephone_number ?? null,
      enrolledInPecos: enrolled.has(result.number),
      partB: partB.get(result.number) ?? null,
    };
  });
}
