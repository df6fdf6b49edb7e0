/**
 * The demo providers: healthcare ones taken from the registry simulator's fixtures (so
 * that Verify NPI and Verify PECOS answer what the seeded record says), and direct-bill
 * non-healthcare clients without an NPI. The mix covers every PECOS display: verified
 * enrolled, verified not enrolled and never checked; a few are inactive. PECOS checks are
 * dated relative to the day the seed runs (live in seed-statements.ts): most within the last
 * three weeks, one in six over Medicare's 30 days (check due), so order entry shows every
 * path — eligible, not eligible, check due — on any day.
 *
 * Some named fixture NPIs are deliberately NOT seeded, so that the add-provider journey can
 * create them on a seeded stack: see RESERVED_FOR_CREATION.
 */
import { NAMED_NPIS, nppesAnswer, ppefRowsFor, orderReferringRowFor, providerSummaries } from '../local/simulator/fixtures.ts';
import type { FixtureProviderSummary } from '../local/simulator/fixtures.ts';
import { ORDER_REFERRING_DATASET_ID, PPEF_DATASET_ID } from '../local/simulator/fixtures.ts';
import { PRACTICE_KEYS } from './demo-organizations.ts';
import { NON_HEALTHCARE_CLIENTS } from './non-healthcare-clients.ts';
import { demoUser } from './demo-users.ts';
import { writtenCredential, writtenPersonName } from '../../src/lib/provider/written-name.ts';
import { daysAgo, emailLocalPart, seedUuid } from './ids.ts';

export type PecosState = 'enrolled' | 'not_enrolled' | 'never_checked';

export interface DemoProvider {
  key: string;
  id: string;
  npi: string | null;
  firstName: string;
  lastName: string;
  nickname: string | null;
  credential: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  taxonomyCode: string | null;
  taxonomyDescription: string | null;
  isActive: boolean;
  pecos: PecosState;
  pecosVerificationDate: string | null;
  pecosVerificationData: unknown;
  nppesVerified: boolean;
  nppesData: unknown;
  /** Organization keys, the first is the default organization. */
  organizationKeys: string[];
  createdAt: string;
}

/** Named NPIs left out of the seed: the add-provider and lookup journeys use them. */
export const RESERVED_FOR_CREATION: readonly string[] = [
  NAMED_NPIS.enrolledPartB,
  NAMED_NPIS.enrolledNoPartB,
  NAMED_NPIS.multiTaxonomy,
  NAMED_NPIS.noPrimaryTaxonomy,
  NAMED_NPIS.noLocationAddress,
];

/** Never PECOS-checked in the seed: the journeys that make their first check (e2e/support/providers.ts: Kowalczyk, Johnson). */
const NEVER_CHECKED_FOR_JOURNEYS = new Set(['1338814209', '1436200012']);

/** Named NPIs the seed includes, with their story in the demo. */
const NAMED_SEEDED: ReadonlyArray<{ npi: string; pecos: PecosState; orgs: string[] }> = [
  // The provider login's own record (two PECOS enrollments, NY and VT).
  { npi: NAMED_NPIS.multiEnrollment, pecos: 'enrolled', orgs: ['green-mountain', 'capital-region'] },
  { npi: NAMED_NPIS.enrolledNotOrderReferring, pecos: 'enrolled', orgs: ['northway-peds'] },
  { npi: NAMED_NPIS.notEnrolled, pecos: 'not_enrolled', orgs: ['park-womens-health', 'hudson-valley'] },
  { npi: NAMED_NPIS.apostropheName, pecos: 'never_checked', orgs: ['obrien-internal-medicine'] },
];

export const PROVIDER_LOGIN_NPI = NAMED_NPIS.multiEnrollment;

const OTHER_HEALTHCARE_COUNT = 44;
const PUBLIC_CMS_API = 'https://data.cms.gov/data-api/v1';

export function demoProviders(domains: ReadonlyMap<string, string>): DemoProvider[] {
  const summaries = providerSummaries().filter((summary) => summary.enumerationType === 'NPI-1');
  const byNpi = new Map(summaries.map((summary) => [summary.npi, summary]));
  const excluded = new Set<string>([...RESERVED_FOR_CREATION, ...NAMED_SEEDED.map((named) => named.npi), ...Object.values(NAMED_NPIS)]);
  // Every fourth other individual, in NPI order: a spread of specialties and names.
  const others = summaries.filter((summary) => !excluded.has(summary.npi)).filter((_, index) => index % 4 === 0);
  if (others.length < OTHER_HEALTHCARE_COUNT) throw new Error(`Only ${others.length} fixture individuals to seed`);

  const providers: DemoProvider[] = NAMED_SEEDED.map((named, index) => {
    const summary = byNpi.get(named.npi);
    if (!summary) throw new Error(`Named NPI ${named.npi} is not an individual in the fixtures`);
    return healthcareProvider(summary, domains, {
      index,
      pecos: named.pecos,
      nppesVerified: true,
      isActive: true,
      organizationKeys: named.orgs,
    });
  });

  others.slice(0, OTHER_HEALTHCARE_COUNT).forEach((summary, index) => {
    // Most are checked (a few never were), so eligible is the common case on a demo; the
    // providers whose journeys make the first check stay unchecked.
    const pecos: PecosState = NEVER_CHECKED_FOR_JOURNEYS.has(summary.npi)
      ? 'never_checked'
      : summary.enrolledInPecos
        ? index % 7 === 6 ? 'never_checked' : 'enrolled'
        : index % 3 === 2 ? 'never_checked' : 'not_enrolled';
    const practice = PRACTICE_KEYS[index % PRACTICE_KEYS.length]!;
    const organizationKeys: string[] = [practice];
    if (index % 6 === 0) organizationKeys.push(PRACTICE_KEYS[(index + 1) % PRACTICE_KEYS.length]!);
    if (index % 11 === 0) organizationKeys.push('mohawk-urgent-care');
    providers.push(
      healthcareProvider(summary, domains, {
        index: index + NAMED_SEEDED.length,
        pecos,
        // A few were entered before registry verification existed.
        nppesVerified: index % 9 !== 8,
        isActive: index % 15 !== 14,
        organizationKeys,
      }),
    );
  });

  providers.push(retiredProvider());
  NON_HEALTHCARE_CLIENTS.forEach((client, index) => {
    const domain = domains.get(client.organizationKey);
    providers.push({
      key: `client:${client.firstName}-${client.lastName}`.toLowerCase(),
      id: seedUuid(`provider:client:${client.firstName} ${client.lastName}`),
      npi: null,
      firstName: client.firstName,
      lastName: client.lastName,
      nickname: client.nickname,
      credential: null,
      email: domain ? `${emailLocalPart(client.firstName, client.lastName)}@${domain}` : null,
      phone: client.phone,
      fax: client.fax,
      taxonomyCode: null,
      taxonomyDescription: client.description,
      isActive: client.isActive,
      pecos: 'never_checked',
      pecosVerificationDate: null,
      pecosVerificationData: null,
      nppesVerified: false,
      nppesData: null,
      organizationKeys: [client.organizationKey],
      createdAt: daysAgo(300 - index * 17, 15, 30),
    });
  });
  return withUniqueEmails(providers);
}

/** Namesakes work at the same practice now and then: give the second one "name2@…". */
function withUniqueEmails(providers: DemoProvider[]): DemoProvider[] {
  const seen = new Map<string, number>();
  return providers.map((provider) => {
    if (!provider.email) return provider;
    const count = (seen.get(provider.email) ?? 0) + 1;
    seen.set(provider.email, count);
    if (count === 1) return provider;
    const [local, domain] = provider.email.split('@');
    return { ...provider, email: `${local}${count}@${domain}` };
  });
}

interface HealthcareOptions {
  index: number;
  pecos: PecosState;
  nppesVerified: boolean;
  isActive: boolean;
  organizationKeys: string[];
}

function healthcareProvider(
  summary: FixtureProviderSummary,
  domains: ReadonlyMap<string, string>,
  options: HealthcareOptions,
): DemoProvider {
  const answer = nppesAnswer(summary.npi);
  const record = answer.results[0];
  if (!record || record.enumeration_type !== 'NPI-1') throw new Error(`No NPPES individual for ${summary.npi}`);
  // As the app writes a registry name and credential when it creates a provider (prefill.ts).
  const firstName = writtenPersonName(record.basic.first_name);
  const lastName = writtenPersonName(record.basic.last_name);
  const taxonomy = record.taxonomies.find((entry) => entry.primary) ?? record.taxonomies[0] ?? null;
  const location = record.addresses.find((address) => address.address_purpose === 'LOCATION') ?? record.addresses[0];
  const createdAt = daysAgo(500 - options.index * 9, 9 + (options.index % 8), (options.index * 7) % 60);
  const nppesRefreshed = daysAgo(120 - options.index * 2, 11, 15);
  const domain = domains.get(options.organizationKeys[0] ?? '');
  const overdue = options.index % 6 === 5;
  const checkedAt = options.pecos === 'never_checked' ? null : daysAgo(overdue ? 35 + (options.index % 21) : 1 + (options.index % 20), 16, 5);
  const checkedBy = demoUser(options.index % 3 === 0 ? 'admin' : 'staff').id;
  const evidence = checkedAt ? pecosEvidence(summary.npi, checkedAt, checkedBy) : null;
  if (options.pecos === 'enrolled' && evidence?.enrollment.rows.length === 0) {
    throw new Error(`${summary.npi} is seeded as PECOS enrolled but the simulator has no PPEF row for it`);
  }
  if (options.pecos === 'not_enrolled' && (evidence?.enrollment.rows.length ?? 0) > 0) {
    throw new Error(`${summary.npi} is seeded as not enrolled but the simulator has a PPEF row for it`);
  }
  return {
    key: `npi:${summary.npi}`,
    id: seedUuid(`provider:npi:${summary.npi}`),
    npi: summary.npi,
    firstName,
    lastName,
    nickname: options.index % 10 === 3 ? firstName.slice(0, 3) : null,
    credential: writtenCredential(record.basic.credential) || null,
    email: options.index % 4 === 3 || !domain ? null : `${emailLocalPart(firstName, lastName)}@${domain}`,
    phone: location?.telephone_number ?? null,
    fax: location?.fax_number ?? null,
    taxonomyCode: taxonomy?.code ?? null,
    taxonomyDescription: taxonomy?.desc ?? null,
    isActive: options.isActive,
    pecos: options.pecos,
    pecosVerificationDate: checkedAt,
    pecosVerificationData: evidence,
    nppesVerified: options.nppesVerified,
    // The registry answer as verify-npi stores it, plus when it was fetched ("Last NPPES Refresh").
    nppesData: options.nppesVerified ? { ...answer, last_updated_date: nppesRefreshed } : null,
    organizationKeys: options.organizationKeys,
    createdAt,
  };
}

/** What verify-pecos stores in pecos_verification_data: the CMS rows it saw, when, and for whom. */
function pecosEvidence(npi: string, checkedAt: string, checkedBy: string) {
  const orderReferring = orderReferringRowFor(npi);
  const datasetUrl = (datasetId: string) =>
    `${PUBLIC_CMS_API}/dataset/${datasetId}/data?${new URLSearchParams({ 'filter[NPI]': npi, size: '10' }).toString()}`;
  return {
    npi,
    checked_at: checkedAt,
    checked_by: checkedBy,
    source: 'CMS data API' as const,
    enrollment: { dataset_id: PPEF_DATASET_ID, url: datasetUrl(PPEF_DATASET_ID), rows: ppefRowsFor(npi) },
    order_referring: {
      dataset_id: ORDER_REFERRING_DATASET_ID,
      url: datasetUrl(ORDER_REFERRING_DATASET_ID),
      rows: orderReferring ? [orderReferring] : [],
    },
  };
}

/** A retired physician whose NPI NPPES has since deactivated: inactive, registry data gone. */
function retiredProvider(): DemoProvider {
  return {
    key: `npi:${NAMED_NPIS.deactivated}`,
    id: seedUuid(`provider:npi:${NAMED_NPIS.deactivated}`),
    npi: NAMED_NPIS.deactivated,
    firstName: 'Gerald',
    lastName: 'Whitcomb',
    nickname: 'Gerry',
    credential: 'MD',
    email: null,
    phone: '518-555-0188',
    fax: null,
    taxonomyCode: '207Q00000X',
    taxonomyDescription: 'Family Medicine',
    isActive: false,
    pecos: 'never_checked',
    pecosVerificationDate: null,
    pecosVerificationData: null,
    nppesVerified: false,
    nppesData: null,
    organizationKeys: ['mohawk-urgent-care'],
    createdAt: daysAgo(1400, 9),
  };
}
