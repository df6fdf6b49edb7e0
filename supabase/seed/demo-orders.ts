/**
 * The demo laboratory's orders (issue 31): a few orders of the demo patients, placed by
 * active providers of organizations they belong to, in every status the list filters by
 * (submitted, received, in progress, resulted, cancelled), STAT ones among them. Their dates
 * are live (render-sql.ts live()): the orders of day 0 are placed in the hour before the
 * seed runs, so the dashboard's "today" and its 30-day line have something to show
 * (issue 27): today's orders in several statuses, a STAT one not yet received. Requisition numbers use
 * device number 0, which the server never gives a device, so they cannot collide with
 * numbers made on a device. Tests come from the demo compendium, as order entry writes them.
 */
import type { CompendiumTest } from '../functions/_shared/lab/reference-types.ts';
import type { DemoMembership } from './demo-links.ts';
import type { DemoOrganization } from './demo-organizations.ts';
import type { DemoProvider } from './demo-providers.ts';
import { daysAgo, seedUuid } from './ids.ts';

export interface DemoOrderRow {
  [column: string]: string | boolean | null | object;
}

// [patient index, test codes, diagnoses, status, days ago, priority, billing]
const PLAN: ReadonlyArray<[number, string[], string[], string, number, 'routine' | 'stat', 'client' | 'patient' | 'insurance']> = [
  [0, ['HBA1C', 'LIPID'], ['E11.9'], 'resulted', 60, 'routine', 'insurance'],
  [1, ['CBC', 'CMP'], ['I10'], 'in_progress', 2, 'routine', 'insurance'],
  [2, ['TSH'], ['E03.9'], 'received', 1, 'stat', 'insurance'],
  [6, ['LIPID'], ['E78.5'], 'submitted', 0, 'routine', 'insurance'],
  [11, ['CMP'], [], 'submitted', 0, 'routine', 'patient'],
  [12, ['CBC'], [], 'cancelled', 5, 'routine', 'client'],
  // Today's (issue 27's dashboard): resulted (awaiting sign-off), received, in progress, a STAT one not yet received.
  [7, ['HBA1C'], ['E11.9'], 'resulted', 0, 'routine', 'insurance'],
  [13, ['CBC'], ['I10'], 'received', 0, 'routine', 'insurance'],
  [9, ['LIPID'], ['E78.5'], 'in_progress', 0, 'routine', 'insurance'],
  [5, ['TSH'], ['E03.9'], 'submitted', 0, 'stat', 'insurance'],
  [3, ['HBA1C'], ['E11.9'], 'resulted', 12, 'routine', 'insurance'],
  [10, ['CBC'], [], 'resulted', 21, 'routine', 'client'],
  // Earlier blood counts of the same patient, so the result page's "Results over time" has a series.
  [10, ['CBC'], [], 'resulted', 35, 'routine', 'client'],
  [10, ['CBC'], [], 'resulted', 49, 'routine', 'client'],
];

export function demoOrders(
  patients: ReadonlyArray<{ [column: string]: unknown }>,
  memberships: readonly DemoMembership[],
  providers: readonly DemoProvider[],
  organizations: readonly DemoOrganization[],
  tests: readonly CompendiumTest[],
): DemoOrderRow[] {
  const activeOrganizations = new Set(organizations.filter((organization) => organization.isActive).map((organization) => organization.id));
  const orderers = memberships.filter(
    (membership) =>
      membership.isActive &&
      activeOrganizations.has(membership.organizationId) &&
      providers.some((provider) => provider.id === membership.providerId && provider.npi !== null && provider.isActive),
  );
  if (orderers.length < PLAN.length) throw new Error('Not enough demo providers to place the demo orders');
  const byCode = new Map(tests.map((test) => [test.code, test]));
  return PLAN.map(([patientIndex, codes, diagnoses, status, days, priority, billing], index) => {
    const patient = patients[patientIndex];
    if (!patient) throw new Error(`No demo patient ${patientIndex}`);
    const membership = orderers[index * 3 % orderers.length]!;
    // Day 0's orders fall in the last hour before the seed runs (so they are today's wherever the demo is opened).
    const at = days === 0 ? daysAgo(0, 11, 4 + index * 4) : daysAgo(days, 9, 10 + index);
    return {
      id: seedUuid(`order:${index}`),
      requisition_number: `R-0-${String(index + 1).padStart(4, '0')}`,
      status,
      cancel_reason: status === 'cancelled' ? 'Entered twice by the clinic' : null,
      organization_id: membership.organizationId,
      provider_id: membership.providerId,
      patient_id: patient.id as string,
      billing,
      coverage_rank: billing === 'insurance' ? 'primary' : null,
      tests: codes.map((code) => {
        const test = byCode.get(code);
        if (!test) throw new Error(`No demo compendium test ${code}`);
        return {
          code,
          name: test.name,
          cpt_codes: test.cpt_codes,
          specimen_type: test.specimen_type,
          container: test.container,
          necessity: 'not-governed',
          reason: null,
          modifiers: test.cpt_codes.map((cpt) => ({ cpt, modifier: null })),
          declined: false,
        };
      }),
      // Fasting is one fact, in its column; the lipid panel's fasting question is answered by it.
      answers: [],
      diagnoses,
      collected_at: at,
      collected_by: 'Demo phlebotomist',
      fasting: codes.includes('LIPID') ? true : null,
      priority,
      comments: null,
      abn: null,
      medicare_check: null,
      server_check: null,
      reference_versions: null,
      submitted_at: at,
      created_by: null,
      created_at: at,
      updated_at: at,
    };
  });
}
