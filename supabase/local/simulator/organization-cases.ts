/**
 * The registry records of issue 24's organizations (FIXTURES.md, "Organizations"): Type 2
 * practices in the registry's real shape (basic.organization_name, the authorized official,
 * other_names with "Doing Business As", LOCATION and MAILING addresses), a Type 1 sole
 * proprietor, and a deactivated Type 2 NPI. Built from a random stream of their own, so
 * adding them left every earlier fixture record as it was.
 */
import { NAMED_NPIS } from './named-npis.ts';
import { createRng } from './prng.ts';
import { buildIndividual, buildOrganization } from './record-builders.ts';
import { INDIVIDUAL_TAXONOMIES, ORGANIZATION_TAXONOMIES, PLACES, type Place, type TaxonomyInfo } from './generator-data.ts';
import type { DeactivatedNpi, NppesOrganization, NppesResult } from './types.ts';

function taxonomy(code: string): TaxonomyInfo {
  const info = [...INDIVIDUAL_TAXONOMIES, ...ORGANIZATION_TAXONOMIES].find((t) => t.code === code);
  if (!info) throw new Error(`Unknown taxonomy ${code}`);
  return info;
}

function place(city: string): Place {
  const found = PLACES.find((p) => p.city === city);
  if (!found) throw new Error(`Unknown place ${city}`);
  return found;
}

const dba = (name: string) => ({ organization_name: name, type: 'Doing Business As', code: '3' });

interface OfficialFacts {
  first: string;
  middle: string;
  last: string;
  title: string;
  phone: string;
  credential: string;
}

function withOfficial(record: NppesOrganization, official: OfficialFacts): NppesOrganization {
  Object.assign(record.basic, {
    authorized_official_first_name: official.first,
    authorized_official_middle_name: official.middle,
    authorized_official_last_name: official.last,
    authorized_official_title_or_position: official.title,
    authorized_official_telephone_number: official.phone,
    authorized_official_credential: official.credential,
  });
  return record;
}

export function organizationCases(seed: number): { records: NppesResult[]; deactivated: DeactivatedNpi[] } {
  const rng = createRng(seed);
  const primaryCare = taxonomy('261QP2300X');

  const hudson = buildOrganization(rng, { number: NAMED_NPIS.hudsonValleyPractice, name: 'HUDSON VALLEY FAMILY PRACTICE PC', taxonomy: primaryCare, place: place('KINGSTON') });
  hudson.other_names = [];
  withOfficial(hudson, { first: 'DEBORAH', middle: 'K', last: 'VANDERMEER', title: 'PRACTICE ADMINISTRATOR', phone: '8455550117', credential: 'MHA' });

  const northway = buildOrganization(rng, {
    number: NAMED_NPIS.northwayPediatrics,
    name: 'NORTHWAY PEDIATRICS & ADOLESCENT MEDICINE PLLC',
    taxonomy: primaryCare,
    place: place('GLENS FALLS'),
  });
  northway.other_names = [dba('NORTHWAY PEDIATRICS')];
  withOfficial(northway, { first: 'ANDREW', middle: 'J', last: 'PELLETIER', title: 'MEDICAL DIRECTOR', phone: '5185550163', credential: 'MD' });
  // What the seeded organization does not have yet (Refresh from NPPES shows the change).
  const location = northway.addresses[0]!;
  Object.assign(location, { address_1: '44 BAY ST', address_2: 'SUITE 300', telephone_number: '518-555-0177', fax_number: '518-555-0178' });

  const greenMountain = buildOrganization(rng, {
    number: NAMED_NPIS.greenMountainMedicine,
    name: 'GREEN MOUNTAIN INTERNAL MEDICINE PC',
    taxonomy: taxonomy('261QM1300X'),
    place: place('BURLINGTON'),
  });
  greenMountain.other_names = [dba('GREEN MOUNTAIN PRIMARY CARE')];
  withOfficial(greenMountain, { first: 'SUSAN', middle: 'E', last: 'LAFLEUR', title: 'CEO', phone: '8025550120', credential: '' });

  const adirondack = buildOrganization(rng, {
    number: NAMED_NPIS.newOrganization,
    name: 'ADIRONDACK PEDIATRIC ASSOCIATES PC',
    taxonomy: primaryCare,
    place: place('SARATOGA SPRINGS'),
  });
  adirondack.other_names = [{ organization_name: 'SARATOGA PEDIATRICS', type: 'Former Legal Business Name', code: '4' }, dba('ADIRONDACK KIDS CARE')];
  withOfficial(adirondack, { first: 'MARGARET', middle: 'L', last: 'HOLLOWAY', title: 'PRACTICE ADMINISTRATOR', phone: '5185550142', credential: '' });

  const goldstein = buildIndividual(rng, {
    number: NAMED_NPIS.newSoleProprietor,
    first: 'RACHEL',
    middle: 'M',
    last: 'GOLDSTEIN',
    sex: 'F',
    taxonomies: [taxonomy('207Q00000X')],
    place: place('GLENS FALLS'),
  });
  goldstein.basic.credential = 'M.D.';
  goldstein.basic.sole_proprietor = 'YES';

  return {
    records: [hudson, northway, greenMountain, adirondack, goldstein],
    deactivated: [{ number: NAMED_NPIS.deactivatedOrganization, enumeration_type: 'NPI-2', deactivation_date: '2024-06-28' }],
  };
}
