/**
 * The demo laboratory's client organizations: practices (healthcare), solo practitioners
 * (sole proprietor) and direct-bill clients (non-healthcare), one of them closed. The
 * healthcare ones and the sole proprietors match the registry simulator's fixtures (their
 * NPPES answer, DBA, authorized official and taxonomy are the registry's, so Refresh from
 * NPPES answers what the record says — except Northway Pediatrics, whose seeded address
 * and phone are older than the registry's). Each has an account number, bill types,
 * addresses, a courier schedule with closures, pickup instructions and contacts
 * (organization-accounts.ts has the per-organization facts).
 */
import { NAMED_NPIS, nppesAnswer } from '../local/simulator/fixtures.ts';
import { ACCOUNTS, type AccountFacts } from './organization-accounts.ts';
import { daysAgo, seedUuid } from './ids.ts';
import { jsonb, textArray, type SqlRow } from './render-sql.ts';

export type OrganizationType = 'healthcare' | 'non_healthcare' | 'sole_proprietor';

export interface DemoOrganization {
  key: string;
  id: string;
  legalName: string;
  type: OrganizationType;
  isActive: boolean;
  /** Mail domain of the organization's staff (reserved `.example` names). */
  domain: string;
  createdAt: string;
  npi: string | null;
  account: AccountFacts;
}

type Facts = Omit<DemoOrganization, 'id' | 'createdAt' | 'account'>;

const FACTS: readonly Facts[] = [
  { key: 'capital-region', legalName: 'Capital Region Medical Group PLLC', type: 'healthcare', isActive: true, domain: 'capitalregionmg.example', npi: NAMED_NPIS.organization },
  { key: 'hudson-valley', legalName: 'Hudson Valley Family Practice', type: 'healthcare', isActive: true, domain: 'hvfamilypractice.example', npi: NAMED_NPIS.hudsonValleyPractice },
  { key: 'northway-peds', legalName: 'Northway Pediatrics & Adolescent Medicine', type: 'healthcare', isActive: true, domain: 'northwaypeds.example', npi: NAMED_NPIS.northwayPediatrics },
  { key: 'green-mountain', legalName: 'Green Mountain Internal Medicine', type: 'healthcare', isActive: true, domain: 'greenmountainim.example', npi: NAMED_NPIS.greenMountainMedicine },
  { key: 'mohawk-urgent-care', legalName: 'Mohawk Valley Urgent Care (closed)', type: 'healthcare', isActive: false, domain: 'mohawkurgentcare.example', npi: NAMED_NPIS.deactivatedOrganization },
  { key: 'park-womens-health', legalName: "Park Women's Health", type: 'sole_proprietor', isActive: true, domain: 'parkwomenshealth.example', npi: NAMED_NPIS.notEnrolled },
  { key: 'obrien-internal-medicine', legalName: "Sean O'Brien, D.O., Internal Medicine", type: 'sole_proprietor', isActive: true, domain: 'obrienim.example', npi: NAMED_NPIS.apostropheName },
  { key: 'empire-drug-testing', legalName: 'Empire Workplace Drug Testing LLC', type: 'non_healthcare', isActive: true, domain: 'empirewdt.example', npi: null },
  { key: 'albany-corrections', legalName: 'Albany County Correctional Facility', type: 'non_healthcare', isActive: true, domain: 'albanycountycf.example', npi: null },
  { key: 'troy-schools', legalName: 'Troy City School District', type: 'non_healthcare', isActive: true, domain: 'troyschools.example', npi: null },
  { key: 'capital-research', legalName: 'Capital District Clinical Research Associates', type: 'non_healthcare', isActive: true, domain: 'cdcra.example', npi: null },
];

export function demoOrganizations(): DemoOrganization[] {
  return FACTS.map((facts, index) => {
    const account = ACCOUNTS[facts.key];
    if (!account) throw new Error(`No account facts for the demo organization ${facts.key}`);
    return { ...facts, id: seedUuid(`organization:${facts.key}`), createdAt: daysAgo(720 - index * 30, 10), account };
  });
}

/** The active practices that most healthcare providers belong to. */
export const PRACTICE_KEYS = ['capital-region', 'hudson-valley', 'northway-peds', 'green-mountain'] as const;

/** The registry's answer as the organization keeps it (Northway's from before the registry changed). */
function nppesData(organization: DemoOrganization): unknown {
  if (!organization.npi) return null;
  const answer = nppesAnswer(organization.npi);
  if (answer.result_count === 0) return null;
  const older = organization.account.olderRegistryLocation;
  const location = answer.results[0]?.addresses.find((address) => address.address_purpose === 'LOCATION');
  if (older && location) Object.assign(location, older);
  return answer;
}

/** The organization's row of public.organizations. */
export function organizationRow(organization: DemoOrganization, deactivatedBy: string | null): SqlRow {
  const { account } = organization;
  const data = nppesData(organization);
  const verifiedAt = data ? daysAgo(account.nppesVerifiedDaysAgo ?? 60, 9) : null;
  return {
    id: organization.id,
    legal_name: organization.legalName,
    type: organization.type,
    is_active: organization.isActive,
    created_at: organization.createdAt,
    updated_at: verifiedAt && verifiedAt > organization.createdAt ? verifiedAt : organization.createdAt,
    dba_name: account.dbaName,
    npi: organization.npi,
    account_number: account.accountNumber,
    bill_types: textArray(account.billTypes),
    practice_address: jsonb(account.practiceAddress),
    billing_address: account.billingAddress ? jsonb(account.billingAddress) : null,
    phone: account.phone,
    fax: account.fax,
    email: account.email,
    clia_number: account.cliaNumber,
    notes: account.notes,
    nppes_data: data === null ? null : jsonb(data),
    nppes_verified_at: verifiedAt,
    authorized_official: account.authorizedOfficial ? jsonb(account.authorizedOfficial) : null,
    primary_taxonomy_code: account.taxonomy?.code ?? null,
    primary_taxonomy_description: account.taxonomy?.description ?? null,
    courier_schedule: jsonb(account.schedule),
    closures: jsonb(account.closures),
    pickup_instructions: account.pickupInstructions,
    contacts: jsonb(account.contacts.map((contact, index) => ({ id: seedUuid(`contact:${organization.key}:${index}`), ...contact }))),
    deactivated_at: organization.isActive ? null : daysAgo(120, 16),
    deactivated_by: organization.isActive ? null : deactivatedBy,
  };
}
