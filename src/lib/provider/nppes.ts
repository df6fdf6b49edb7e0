/**
 * Reading a provider's NPPES registry data (providers.nppes_data, the NPPES API answer
 * `{result_count, results: [...]}` that verify-npi stores). The first result is the
 * provider; its primary taxonomy holds the specialty and also the state and license the
 * forms edit (spec §3: they are not columns); its LOCATION address (PRIMARY in older data)
 * gives the phone and fax to prefill.
 */
import { isJsonObject, parseJsonObject, textOrNull, type JsonObject } from './json-field.ts';

export interface NppesTaxonomy {
  code?: string | null;
  desc?: string | null;
  primary?: boolean | null;
  state?: string | null;
  license?: string | null;
  [key: string]: unknown;
}

export interface NppesAddress {
  address_purpose?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  telephone_number?: string | null;
  fax_number?: string | null;
  [key: string]: unknown;
}

export interface NppesBasic {
  first_name?: string | null;
  last_name?: string | null;
  credential?: string | null;
  last_updated?: string | null;
  [key: string]: unknown;
}

export interface NppesResult {
  basic?: NppesBasic;
  addresses?: NppesAddress[];
  taxonomies?: NppesTaxonomy[];
  last_updated?: string | null;
  [key: string]: unknown;
}

export interface NppesData {
  result_count?: number;
  results?: NppesResult[];
  last_updated_date?: string | null;
  [key: string]: unknown;
}

/** nppes_data as an object (parsed when it arrived as JSON text), or null when absent. */
export function readNppesData(value: unknown): NppesData | null {
  return parseJsonObject(value) as NppesData | null;
}

/** The first registry result (the provider itself), or null. */
export function firstNppesResult(value: unknown): NppesResult | null {
  const data = readNppesData(value);
  const first = Array.isArray(data?.results) ? data.results[0] : undefined;
  return isJsonObject(first) ? (first as NppesResult) : null;
}

/** True when the record carries a registry answer with at least one result. */
export function hasRegistryData(value: unknown): boolean {
  return firstNppesResult(value) !== null;
}

function objectsOf<T>(list: unknown): T[] {
  return Array.isArray(list) ? (list.filter(isJsonObject) as T[]) : [];
}

/** The taxonomy marked primary in the first result, or null when none is. */
export function primaryTaxonomy(value: unknown): NppesTaxonomy | null {
  const result = firstNppesResult(value);
  return objectsOf<NppesTaxonomy>(result?.taxonomies).find((taxonomy) => taxonomy.primary === true) ?? null;
}

/** The practice address: LOCATION (current NPPES), else PRIMARY (older data and the spec). */
export function practiceAddress(value: unknown): NppesAddress | null {
  const addresses = objectsOf<NppesAddress>(firstNppesResult(value)?.addresses);
  const purpose = (address: NppesAddress) => textOrNull(address.address_purpose)?.toUpperCase();
  return (
    addresses.find((address) => purpose(address) === 'LOCATION') ??
    addresses.find((address) => purpose(address) === 'PRIMARY') ??
    null
  );
}

export interface RegistryContact {
  phone: string;
  fax: string;
}

/** Phone and fax to prefill from the practice address ('' when the registry has none). */
export function registryContact(value: unknown): RegistryContact {
  const address = practiceAddress(value);
  return { phone: textOrNull(address?.telephone_number) ?? '', fax: textOrNull(address?.fax_number) ?? '' };
}

/** The primary taxonomy's state and license as the forms show them ('' when absent). */
export function primaryStateAndLicense(value: unknown): { state: string; license: string } {
  const taxonomy = primaryTaxonomy(value);
  return { state: textOrNull(taxonomy?.state) ?? '', license: textOrNull(taxonomy?.license) ?? '' };
}

/**
 * When the registry last changed the record ("Last NPPES Refresh"): the document's
 * last_updated_date, else the first result's last_updated, else its basic.last_updated.
 */
export function nppesLastUpdated(value: unknown): string | null {
  const data = readNppesData(value);
  const result = firstNppesResult(value);
  return (
    textOrNull(data?.last_updated_date) ?? textOrNull(result?.last_updated) ?? textOrNull(result?.basic?.last_updated) ?? null
  );
}

/** The registry's name and credential for the provider. */
export function registryIdentity(value: unknown): { first_name: string; last_name: string; credential: string } {
  const found = firstNppesResult(value)?.basic;
  const basic: JsonObject = isJsonObject(found) ? found : {};
  return {
    first_name: textOrNull(basic.first_name) ?? '',
    last_name: textOrNull(basic.last_name) ?? '',
    credential: textOrNull(basic.credential) ?? '',
  };
}
