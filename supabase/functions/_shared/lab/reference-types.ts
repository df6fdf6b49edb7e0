// The laboratory's reference data as it travels: the three data sets, their manifest, and
// the JSON asset of each (built by the database when a version is published, served by the
// reference-data function, cached on the device by src/lib/reference). Field names are the
// database's (snake_case), so one description serves the server, the wire and the device.

export const REFERENCE_DATA_SETS = ['compendium', 'icd10cm', 'ncd'] as const;
export type ReferenceDataSetName = (typeof REFERENCE_DATA_SETS)[number];

export const REFERENCE_DATA_SET_LABELS: Readonly<Record<ReferenceDataSetName, string>> = {
  compendium: 'Test compendium',
  icd10cm: 'ICD-10-CM diagnosis codes',
  ncd: 'Medicare lab NCDs',
};

export function isReferenceDataSetName(value: unknown): value is ReferenceDataSetName {
  return typeof value === 'string' && (REFERENCE_DATA_SETS as readonly string[]).includes(value);
}

/** One data set in the manifest: what the device compares with its cached copy. */
export interface ReferenceManifestEntry {
  name: ReferenceDataSetName;
  /** Goes up by one with every published change; 0 = nothing published yet. */
  version: number;
  /** The release the admin named at import (e.g. "FY2026", "2026 Q1"). */
  release: string;
  published_at: string | null;
  item_count: number;
  /** The HTTP entity tag of the data set's asset: `"<name>-v<version>"`. */
  etag: string;
}

export interface ReferenceManifest {
  data_sets: ReferenceManifestEntry[];
}

export function referenceEtag(name: ReferenceDataSetName, version: number): string {
  return `"${name}-v${version}"`;
}

/** The versions an order was entered with (recorded on the order). */
export type ReferenceVersions = Record<ReferenceDataSetName, number>;

// ---------------------------------------------------------------------------------------
// The compendium.

export const ANSWER_TYPES = ['text', 'number', 'yes-no', 'choice', 'date'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** An order question ("ask at order entry", AOE) of a test. */
export interface OrderQuestion {
  /** Unique within the test, e.g. FASTING; the answer travels under it (OBX in the ORM). */
  code: string;
  text: string;
  type: AnswerType;
  required: boolean;
  /** The choices of a `choice` question (at least two); empty for the other types. */
  choices: string[];
}

export const TRANSPORT_TEMPERATURES = ['ambient', 'refrigerated', 'frozen'] as const;
export type TransportTemperature = (typeof TRANSPORT_TEMPERATURES)[number];

/** Results beyond these limits are critical ("panic") values; either end may be open. */
export interface CriticalRange {
  low: number | null;
  high: number | null;
  unit: string;
}

export interface CompendiumTest {
  /** The laboratory's order code (capitals, digits, `-` or `_`). */
  code: string;
  name: string;
  loinc: string | null;
  specimen_type: string;
  container: string;
  volume: string;
  transport_temperature: TransportTemperature;
  stability: string;
  /** What is billed; a panel billed through its members has none. */
  cpt_codes: string[];
  turnaround: string;
  is_panel: boolean;
  /** Order codes of the tests a panel is made of. */
  panel_members: string[];
  active: boolean;
  questions: OrderQuestion[];
  critical_range: CriticalRange | null;
}

export interface CompendiumData {
  tests: CompendiumTest[];
}

// ---------------------------------------------------------------------------------------
// ICD-10-CM.

/** `[code without dot, 1 billable / 0 header, short description, long description]`. */
export type Icd10cmEntry = [code: string, billable: 0 | 1, short: string, long: string];

export interface Icd10cmData {
  /** In the release's tabular order. */
  codes: Icd10cmEntry[];
}

// ---------------------------------------------------------------------------------------
// Medicare's national coverage determinations for laboratory tests (190.12–190.34).

/**
 * `covered`: the NCD lists the diagnoses that support medical necessity (most lab NCDs).
 * `does_not_support`: it lists those that do not, and any other diagnosis supports it
 * (190.15, blood counts).
 */
export type NcdListKind = 'covered' | 'does_not_support';

export interface FrequencyLimit {
  /** The governed codes the limit counts; empty = every code of the NCD. */
  codes: string[];
  /** At most this many services… */
  max: number;
  /** …within this many months before the date of service. */
  months: number;
  /** The NCD's wording of the limit. */
  note: string;
}

export interface NcdPolicy {
  /** `190.21`. */
  id: string;
  title: string;
  /** The CPT/HCPCS codes the NCD governs. */
  codes: string[];
  list_kind: NcdListKind;
  /** ICD-10-CM codes (without dot) of the list named by list_kind. */
  diagnoses: string[];
  /** ICD-10-CM codes (without dot) never covered for these tests (statutorily excluded: GY). */
  non_covered: string[];
  frequency: FrequencyLimit[];
}

export interface NcdData {
  policies: NcdPolicy[];
}

export interface ReferenceDataMap {
  compendium: CompendiumData;
  icd10cm: Icd10cmData;
  ncd: NcdData;
}

/** A data set as the reference-data function serves it (the database builds it). */
export interface ReferenceAsset<N extends ReferenceDataSetName = ReferenceDataSetName> {
  name: N;
  version: number;
  release: string;
  published_at: string | null;
  data: ReferenceDataMap[N];
}
