/**
 * Writes the form's taxonomy fields into a copy of nppes_data (spec §3 and §7 call 5): the
 * primary state and license number live only in the first result's primary taxonomy entry,
 * not in columns. Shared by the edit panel and the create flow. Never mutates its input.
 */
import { isJsonObject } from './json-field.ts';
import { readNppesData, type NppesData, type NppesResult, type NppesTaxonomy } from './nppes.ts';

export interface PrimaryTaxonomyValues {
  code: string | null;
  desc: string | null;
  state: string | null;
  license: string | null;
}

function clean(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

function anyValue(values: PrimaryTaxonomyValues): boolean {
  return [values.code, values.desc, values.state, values.license].some((value) => value !== null);
}

/**
 * A new nppes_data whose primary taxonomy carries `values`:
 * - blank values count as null;
 * - an existing primary entry gets the state and license as given (null clears them) and
 *   keeps its code and description: those are the registry's evidence (the columns hold
 *   what staff chose), and the server refuses any other change to registry data
 *   (migration 20261125100001: staff change only the primary taxonomy's state and license);
 * - without a primary entry, one is added when any of the four values is given;
 * - without registry data, a minimal `{result_count: 1, results: [{taxonomies}]}` is made
 *   when any value is given; otherwise the result is null (nothing to store).
 */
export function withPrimaryTaxonomy(nppesData: unknown, given: PrimaryTaxonomyValues): NppesData | null {
  const values: PrimaryTaxonomyValues = {
    code: clean(given.code),
    desc: clean(given.desc),
    state: clean(given.state),
    license: clean(given.license),
  };
  const parsed = readNppesData(nppesData);
  if (!parsed && !anyValue(values)) return null;
  const data: NppesData = parsed ? structuredClone(parsed) : { result_count: 0, results: [] };

  const results: NppesResult[] = Array.isArray(data.results) ? data.results : [];
  // A first result that is not an object (an array included) cannot carry taxonomies.
  if (results.length === 0 || !isJsonObject(results[0])) {
    if (!anyValue(values)) return data;
    results.splice(0, results.length > 0 ? 1 : 0, { taxonomies: [] });
    data.result_count = Math.max(typeof data.result_count === 'number' ? data.result_count : 0, 1);
  }
  data.results = results;
  const first = results[0] as NppesResult;
  const taxonomies: NppesTaxonomy[] = Array.isArray(first.taxonomies) ? first.taxonomies : [];
  first.taxonomies = taxonomies;

  const index = taxonomies.findIndex((taxonomy) => typeof taxonomy === 'object' && taxonomy !== null && taxonomy.primary === true);
  if (index >= 0) {
    const current = taxonomies[index] as NppesTaxonomy;
    taxonomies[index] = { ...current, state: values.state, license: values.license };
  } else if (anyValue(values)) {
    taxonomies.push({ code: values.code, desc: values.desc, primary: true, state: values.state, license: values.license });
  }
  return data;
}
