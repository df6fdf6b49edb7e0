/**
 * Medicare's lab NCDs on the device: which NCD governs a CPT code, and the medical
 * necessity check of an order's tests (the shared rule of _shared/lab/medical-necessity.ts
 * over this version's NCDs).
 */
import { checkMedicalNecessity, policiesByCode, type NecessityInput, type TestNecessity } from '../lab/medical-necessity.ts';
import type { NcdData, NcdPolicy } from '../lab/reference-types.ts';

export interface NcdIndex {
  readonly policies: readonly NcdPolicy[];
  get(id: string): NcdPolicy | null;
  /** The NCDs that govern a CPT/HCPCS code (usually none or one). */
  forCode(cpt: string): NcdPolicy[];
  /** Each test's medical necessity under these NCDs. */
  check(input: Omit<NecessityInput, 'policies'>): TestNecessity[];
}

export function buildNcdIndex(data: NcdData): NcdIndex {
  const byCode = policiesByCode(data.policies);
  const byId = new Map(data.policies.map((policy) => [policy.id, policy]));
  return {
    policies: data.policies,
    get: (id) => byId.get(id) ?? null,
    forCode: (cpt) => byCode.get(cpt.trim().toUpperCase()) ?? [],
    check: (input) => checkMedicalNecessity({ ...input, policies: data.policies }),
  };
}
