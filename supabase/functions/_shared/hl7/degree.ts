// The ordering provider's credential as HL7 v2.5.1 writes it: XCN-7 "degree" takes a code of
// HL7 table 0360 (MD, DO, NP, PA, …), never the text a person typed ("M.D.", "PA-C",
// "MD, PhD"); the text as written travels beside it in XCN-21 (professional suffix, ST), so
// nothing is lost. A credential with no code of the table sends XCN-7 empty.

/** HL7 v2.5.1 table 0360 (Degree/license/certificate). */
export const DEGREE_TABLE_0360 = [
  'AA', 'AAS', 'ABA', 'AE', 'AS', 'BA', 'BBA', 'BE', 'BFA', 'BN', 'BS', 'BSL', 'BSN', 'BT', 'CANP', 'CER', 'CMA', 'CNM', 'CNP',
  'CNS', 'CPNP', 'CRN', 'DBA', 'DED', 'DIP', 'DO', 'EMT', 'EMTP', 'FPNP', 'HS', 'JD', 'MA', 'MBA', 'MCE', 'MD', 'MDA', 'MDI', 'ME',
  'MED', 'MEE', 'MFA', 'MME', 'MS', 'MSL', 'MSN', 'MT', 'NG', 'NP', 'PA', 'PharmD', 'PHD', 'PHE', 'PHS', 'PN', 'RMA', 'RPH', 'SEC', 'TS',
] as const;
export type DegreeCode = (typeof DEGREE_TABLE_0360)[number];

const BY_UPPER = new Map<string, DegreeCode>(DEGREE_TABLE_0360.map((code) => [code.toUpperCase(), code]));

/** How clinicians write credentials that mean a code of the table (dots and spaces removed, upper case). */
const ALIASES: Readonly<Record<string, DegreeCode>> = {
  PAC: 'PA', // PA-C, certified physician assistant
  FNP: 'FPNP', // family nurse practitioner
  FNPC: 'FPNP',
  FNPBC: 'FPNP',
  APRN: 'NP',
  ARNP: 'NP',
  ANP: 'NP',
  AGNP: 'NP',
  AGPCNP: 'NP',
  ACNP: 'NP',
  NPC: 'NP',
  PNP: 'CPNP',
  PNPBC: 'CPNP',
  PHARMD: 'PharmD',
};

/** One credential token as a table 0360 code, or null. */
function codeOf(token: string): DegreeCode | null {
  const key = token.replace(/[.\s-]/g, '').toUpperCase();
  if (!key) return null;
  return ALIASES[key] ?? BY_UPPER.get(key) ?? null;
}

/**
 * The degree of a credential as typed: the first part ("M.D., Ph.D." → MD) that names a code
 * of table 0360, and the text as written (trimmed) for the professional suffix.
 */
export function degreeOf(credential: string | null | undefined): { code: DegreeCode | null; text: string | null } {
  const text = credential?.trim() || null;
  if (!text) return { code: null, text: null };
  // "M.D., Ph.D.", "MD/PhD", "DO FACP": commas, slashes and spaces part degrees; the dots of
  // "M.D." and the hyphen of "PA-C" belong to one ("M. D." is read whole below).
  const parts = text.split(/[,/;&\s]+/).filter(Boolean);
  for (const part of parts) {
    const code = codeOf(part);
    if (code) return { code, text };
  }
  return { code: codeOf(text), text };
}
