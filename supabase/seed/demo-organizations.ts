/**
 * The demo laboratory's client organizations: practices (healthcare), solo practitioners
 * (sole proprietor) and direct-bill clients (non-healthcare), one of them closed.
 */
import { daysAgo, seedUuid } from './ids.ts';

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
}

type Facts = Omit<DemoOrganization, 'id' | 'createdAt'>;

const FACTS: readonly Facts[] = [
  { key: 'capital-region', legalName: 'Capital Region Medical Group PLLC', type: 'healthcare', isActive: true, domain: 'capitalregionmg.example' },
  { key: 'hudson-valley', legalName: 'Hudson Valley Family Practice', type: 'healthcare', isActive: true, domain: 'hvfamilypractice.example' },
  { key: 'northway-peds', legalName: 'Northway Pediatrics & Adolescent Medicine', type: 'healthcare', isActive: true, domain: 'northwaypeds.example' },
  { key: 'green-mountain', legalName: 'Green Mountain Internal Medicine', type: 'healthcare', isActive: true, domain: 'greenmountainim.example' },
  { key: 'mohawk-urgent-care', legalName: 'Mohawk Valley Urgent Care (closed)', type: 'healthcare', isActive: false, domain: 'mohawkurgentcare.example' },
  { key: 'park-womens-health', legalName: "Park Women's Health", type: 'sole_proprietor', isActive: true, domain: 'parkwomenshealth.example' },
  { key: 'obrien-internal-medicine', legalName: "Sean O'Brien, D.O., Internal Medicine", type: 'sole_proprietor', isActive: true, domain: 'obrienim.example' },
  { key: 'empire-drug-testing', legalName: 'Empire Workplace Drug Testing LLC', type: 'non_healthcare', isActive: true, domain: 'empirewdt.example' },
  { key: 'albany-corrections', legalName: 'Albany County Correctional Facility', type: 'non_healthcare', isActive: true, domain: 'albanycountycf.example' },
  { key: 'troy-schools', legalName: 'Troy City School District', type: 'non_healthcare', isActive: true, domain: 'troyschools.example' },
  { key: 'capital-research', legalName: 'Capital District Clinical Research Associates', type: 'non_healthcare', isActive: true, domain: 'cdcra.example' },
];

export function demoOrganizations(): DemoOrganization[] {
  return FACTS.map((facts, index) => ({
    ...facts,
    id: seedUuid(`organization:${facts.key}`),
    createdAt: daysAgo(720 - index * 30, 10),
  }));
}

/** The active practices that most healthcare providers belong to. */
export const PRACTICE_KEYS = ['capital-region', 'hudson-valley', 'northway-peds', 'green-mountain'] as const;
