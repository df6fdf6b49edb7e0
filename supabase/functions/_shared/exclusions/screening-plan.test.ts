import { describe, expect, it } from 'vitest';
import { entryKey, type LeieEntry } from './leie-file.ts';
import type { LeieHit } from './leie-match.ts';
import { planScreening, statusOf, type RecordedMatch } from './screening-plan.ts';

function entry(changes: Partial<LeieEntry> = {}): LeieEntry {
  const base = {
    line: 2, npi: null, last_name: 'SMITH', first_name: 'JOHN', mid_name: '', bus_name: '', general: '', specialty: '', dob: null,
    address: '', city: 'ALBANY', state: 'NY', zip: '', excl_type: '1128a1', excl_date: '2020-03-04', rein_date: null, waiver_date: null, waiver_state: '',
    ...changes,
  };
  return { ...base, entry_key: entryKey(base) };
}
const LIST_DATE = '2026-11-01T00:00:00.000Z';
const byNpi = entry({ npi: '1234567893' });
const byName = entry();
const hit = (e: LeieEntry, basis: LeieHit['basis'] = e.npi ? 'npi' : 'name_state'): LeieHit => ({ entry: e, basis, stateKnown: true });
const recorded = (e: LeieEntry, status: RecordedMatch['status'], id = `m-${status}`): RecordedMatch => ({ id, entry_key: e.entry_key, basis: e.npi ? 'npi' : 'name_state', status, alert_id: `a-${id}`, entry: e });

describe('planning a screening', () => {
  it('a new NPI hit raises exclusion_confirmed with the exclusion type and date; the provider is excluded', () => {
    const plan = planScreening([hit(byNpi)], [], LIST_DATE);
    expect(plan.status).toBe('excluded');
    expect(plan.raise).toHaveLength(1);
    expect(plan.raise[0]).toMatchObject({ status: 'confirmed', basis: 'npi', reopen: null, alert: { kind: 'exclusion_confirmed', summary: 'NPI 1234567893 is on the OIG exclusion list (1128a1, excluded 2020-03-04).' } });
    expect(plan.data.matches).toEqual([expect.objectContaining({ basis: 'npi', status: 'confirmed', excl_type: '1128a1', excl_date: '2020-03-04' })]);
  });

  it('a new name hit raises exclusion_possible for a person to confirm; the provider is possible', () => {
    const plan = planScreening([hit(byName)], [], LIST_DATE);
    expect(plan.status).toBe('possible');
    expect(plan.raise[0].alert).toMatchObject({
      kind: 'exclusion_possible',
      summary: 'Possible match on the OIG exclusion list: SMITH, JOHN in NY, listed without an NPI (1128a1, excluded 2020-03-04). Confirm or dismiss it.',
      details: { basis: 'name_state', list_date: LIST_DATE, state_known: true },
    });
  });

  it("an organization's possible match names the business, and says when the organization's state is unknown", () => {
    const listed = entry({ last_name: '', first_name: '', bus_name: 'ACME MEDICAL SUPPLY, INC' });
    const plan = planScreening([{ entry: listed, basis: 'name_state', stateKnown: false }], [], LIST_DATE, 'organization');
    expect(plan.raise[0].alert.summary).toBe(
      "Possible match on the OIG exclusion list: ACME MEDICAL SUPPLY, INC in NY; the organization's state is unknown, listed without an NPI (1128a1, excluded 2020-03-04). Confirm or dismiss it.",
    );
  });

  it('a hit seen before raises nothing again; a dismissed one stays dismissed and leaves the provider clear', () => {
    expect(planScreening([hit(byNpi)], [recorded(byNpi, 'confirmed')], LIST_DATE)).toMatchObject({ raise: [], seen: ['m-confirmed'], clear: [], status: 'excluded' });
    expect(planScreening([hit(byName)], [recorded(byName, 'dismissed')], LIST_DATE)).toMatchObject({ raise: [], seen: ['m-dismissed'], clear: [], status: 'clear', data: { matches: [] } });
  });

  it('a name match a person confirmed keeps the provider excluded', () => {
    expect(planScreening([hit(byName)], [recorded(byName, 'confirmed')], LIST_DATE).status).toBe('excluded');
  });

  it('an entry that left the list clears its match and resolves its alert; the provider is clear', () => {
    const plan = planScreening([], [recorded(byNpi, 'confirmed'), recorded(byName, 'dismissed')], LIST_DATE);
    expect(plan).toMatchObject({ raise: [], clear: [{ id: 'm-confirmed', alert_id: 'a-m-confirmed' }], status: 'clear' });
  });

  it('an entry back on the list after it was cleared is raised again on the same match', () => {
    const plan = planScreening([hit(byNpi)], [recorded(byNpi, 'cleared')], LIST_DATE);
    expect(plan.raise[0]).toMatchObject({ reopen: 'm-cleared', status: 'confirmed' });
  });

  it('status from recorded matches: confirmed wins, then possible', () => {
    expect(statusOf([{ status: 'possible' }, { status: 'confirmed' }])).toBe('excluded');
    expect(statusOf([{ status: 'possible' }, { status: 'dismissed' }])).toBe('possible');
    expect(statusOf([{ status: 'dismissed' }, { status: 'cleared' }])).toBe('clear');
  });
});
