/**
 * The rejections the simulated NPPES API answers (HTTP 200 with an `Errors` body, as the
 * live API does). The live API documents its rules, not its texts: the descriptions below
 * follow its style ("No valid search criteria provided", "Wildcards require at least two
 * leading characters" are the live wording) and the numbers are stable within the
 * simulator (the number-format error is code 06 "NPI must be 10 digits", as the live API
 * answers it; reference/registries.md). Callers
 * should treat any `Errors` body as a rejection rather than parse the text.
 */
import type { NppesError } from './types.ts';

export const NPPES_ERRORS = {
  versionMissing: (): NppesError => ({
    description: 'No API version specified. Add version=2.1 to the request',
    field: 'version',
    number: '01',
  }),
  versionUnsupported: (version: string): NppesError => ({
    description: `Unsupported Version: ${version}. Only version 2.1 is supported`,
    field: 'version',
    number: '02',
  }),
  noCriteria: (): NppesError => ({ description: 'No valid search criteria provided', field: 'generic', number: '04' }),
  invalidNumber: (): NppesError => ({
    description: 'NPI must be 10 digits',
    field: 'number',
    number: '06',
  }),
  notAlone: (field: string): NppesError => ({
    description: `Field ${field} cannot be the only search criteria. Add at least one more criteria other than enumeration_type and country_code`,
    field,
    number: '07',
  }),
  invalidEnumerationType: (): NppesError => ({
    description: 'Field enumeration_type requires NPI-1 or NPI-2',
    field: 'enumeration_type',
    number: '08',
  }),
  shortWildcard: (field: string): NppesError => ({
    description: 'Wildcards require at least two leading characters',
    field,
    number: '09',
  }),
  invalidState: (): NppesError => ({
    description: 'Field state requires a valid two-letter state abbreviation',
    field: 'state',
    number: '10',
  }),
  invalidLimit: (): NppesError => ({ description: 'Field limit requires a number between 1 and 200', field: 'limit', number: '11' }),
  invalidSkip: (): NppesError => ({ description: 'Field skip requires a number between 0 and 1000', field: 'skip', number: '12' }),
  invalidAddressPurpose: (): NppesError => ({
    description: 'Field address_purpose requires LOCATION, MAILING, PRIMARY or SECONDARY',
    field: 'address_purpose',
    number: '13',
  }),
} as const;
