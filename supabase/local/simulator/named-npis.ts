/**
 * The NPIs with a known story in the fixtures, shared by the seed, the functions' tests
 * and the simulator's own tests. Every one has a valid check digit except those listed as
 * invalid. FIXTURES.md describes each; the generator builds the matching registry records.
 */
export const NAMED_NPIS = {
  /** JANE A DOE, M.D., Family Medicine, Albany NY; in PPEF and Order and Referring with PARTB "Y". */
  enrolledPartB: '1234567893',
  /** ROBERT T MENDEZ, NP, Nurse Practitioner Family; in PPEF, Order and Referring PARTB "N" (DME "Y"). */
  enrolledNoPartB: '1047123405',
  /** ALICE M NGUYEN, M.D., Pediatrics; in PPEF but absent from Order and Referring. */
  enrolledNotOrderReferring: '1753186422',
  /** SAMUEL J OKAFOR, M.D., Internal Medicine; two PPEF rows (NY and VT enrollments), PARTB "Y". */
  multiEnrollment: '1890246816',
  /** LINDA K PARK, M.D., Obstetrics & Gynecology; active in NPPES, no PPEF row, no Order and Referring row. */
  notEnrolled: '1314159264',
  /** DAVID R KOWALSKI, M.D.: three taxonomies, the primary one is the second (Cardiovascular Disease); practice locations; PARTB "Y". */
  multiTaxonomy: '1667788990',
  /** MARIA L SANTOS, M.D.: two taxonomies, neither primary; enrolled, PARTB "Y". */
  noPrimaryTaxonomy: '1495236071',
  /** THOMAS E BRENNAN, D.O.: only a MAILING address, no LOCATION; enrolled, PARTB "Y". */
  noLocationAddress: '1886000110',
  /** CAPITAL REGION MEDICAL GROUP PLLC, a Type 2 (NPI-2) organization, DBA CAPITAL REGION PRIMARY CARE; in PPEF (ORG_NAME). */
  organization: '1973110020',
  /** SEAN P O'BRIEN, D.O., Internal Medicine: an apostrophe in the name; enrolled, PARTB "Y". */
  apostropheName: '1599000050',
  /** Deactivated in NPPES (result_count 0), not in any CMS dataset. */
  deactivated: '1204805034',
  /** A valid check digit but unknown to every registry. */
  unknown: '1555000045',
  /** Ten digits with a wrong check digit (the reference's own example). */
  invalidCheckDigit: '1234567890',
  // Issue 24, organizations (organization-cases.ts). Seeded as demo organizations:
  /** HUDSON VALLEY FAMILY PRACTICE PC, Type 2, Kingston NY. */
  hudsonValleyPractice: '1973110053',
  /** NORTHWAY PEDIATRICS & ADOLESCENT MEDICINE PLLC, Type 2, Glens Falls NY; the registry has a newer phone and suite than the seeded record (Refresh from NPPES shows them). */
  northwayPediatrics: '1973110061',
  /** GREEN MOUNTAIN INTERNAL MEDICINE PC, Type 2, Burlington VT, DBA GREEN MOUNTAIN PRIMARY CARE. */
  greenMountainMedicine: '1973110079',
  /** Mohawk Valley Urgent Care: a Type 2 NPI deactivated in NPPES (result_count 0); the seeded organization is inactive. */
  deactivatedOrganization: '1973110087',
  // Not seeded (the add-organization journeys):
  /** ADIRONDACK PEDIATRIC ASSOCIATES PC, Type 2, Saratoga Springs NY, DBA ADIRONDACK KIDS CARE. */
  newOrganization: '1973110046',
  /** RACHEL M GOLDSTEIN, M.D., Family Medicine, Glens Falls NY: a Type 1 record marked sole proprietor. */
  newSoleProprietor: '1654321011',
} as const;

export type NamedNpiKey = keyof typeof NAMED_NPIS;

/** More ten-digit numbers whose check digit is wrong (for negative tests). */
export const INVALID_CHECK_DIGIT_NPIS = ['1234567890', '1047123406', '1555000046', '1973110021'] as const;

/** Strings that are not NPIs at all (NPPES rejects them with an Errors body). */
export const MALFORMED_NPIS = ['12345', '12345678901', '12345ABCDE'] as const;

/**
 * OLIVIA LINDQVIST, M.D., a generated record: newly enrolled, in Order and Referring (PARTB
 * "Y", a row fixtures.ts adds) but not yet in the quarterly PPEF file. Kept out of
 * NAMED_NPIS so the generator, which skips named NPIs, still writes her record.
 */
export const NEWLY_ENROLLED_NPI = '1017430681';
