import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NECESSITY_SEVERITY,
  abnOutcome,
  checkMedicalNecessity,
  lineModifiers,
  monthsBefore,
  policiesByCode,
  servicesWithin,
  type AbnChoice,
  type NecessityInput,
  type NecessityStatus,
} from './medical-necessity.ts';
import type { NcdPolicy } from './reference-types.ts';

const A1C: NcdPolicy = {
  id: '190.21',
  title: 'Glycated Hemoglobin/Glycated Protein',
  codes: ['83036', '82985'],
  list_kind: 'covered',
  diagnoses: ['E119', 'E1165', 'R7309'],
  non_covered: ['Z0000', 'Z0001'],
  frequency: [{ codes: ['83036'], max: 1, months: 3, note: 'Not more often than every three months' }],
};
const LIPIDS: NcdPolicy = {
  id: '190.23',
  title: 'Lipid Testing',
  codes: ['80061', '82465', '83718', '84478'],
  list_kind: 'covered',
  diagnoses: ['E785', 'I10'],
  non_covered: ['Z0000'],
  frequency: [{ codes: [], max: 6, months: 12, note: 'Up to six times the first year' }],
};
const COUNTS: NcdPolicy = {
  id: '190.15',
  title: 'Blood Counts',
  codes: ['85025', '85027'],
  list_kind: 'does_not_support',
  diagnoses: ['Z0000', 'Z0001', 'Z0121'],
  non_covered: ['Z0001'],
  frequency: [],
};
const POLICIES = [A1C, LIPIDS, COUNTS];

const HBA1C = { code: 'HBA1C', cpt_codes: ['83036'] };
const LIPID = { code: 'LIPID', cpt_codes: ['80061'] };
const CBC = { code: 'CBC', cpt_codes: ['85025'] };
const CMP = { code: 'CMP', cpt_codes: ['80053'] };

function check(overrides: Partial<NecessityInput>) {
  return checkMedicalNecessity({ tests: [HBA1C], diagnoses: [], policies: POLICIES, priorServices: [], dateOfService: '2026-05-15', ...overrides });
}

describe('checkMedicalNecessity', () => {
  it('supports a test whose diagnosis is on the covered list, and not the other (the issue’s journey)', () => {
    const [a1c, lipid] = check({ tests: [HBA1C, LIPID], diagnoses: ['E11.9'] });
    expect(a1c).toEqual({
      code: 'HBA1C',
      status: 'supported',
      reason: null,
      abnNeeded: false,
      lines: [{ cpt: '83036', ncd: { id: '190.21', title: 'Glycated Hemoglobin/Glycated Protein' }, status: 'supported', reason: null, supporting: ['E11.9'] }],
    });
    expect(lipid).toEqual({
      code: 'LIPID',
      status: 'not-supported',
      reason: 'No diagnosis given (E11.9) is on the list of covered diagnoses of NCD 190.23 (Lipid Testing).',
      abnNeeded: true,
      lines: [
        {
          cpt: '80061',
          ncd: { id: '190.23', title: 'Lipid Testing' },
          status: 'not-supported',
          reason: 'No diagnosis given (E11.9) is on the list of covered diagnoses of NCD 190.23 (Lipid Testing).',
          supporting: [],
        },
      ],
    });
  });

  it('asks for a diagnosis when none was chosen', () => {
    const [a1c] = check({ diagnoses: [' ', ''] });
    expect(a1c!.status).toBe('needs-diagnosis');
    expect(a1c!.lines.map((line) => [line.status, line.supporting])).toEqual([['needs-diagnosis', []]]);
    expect(a1c!.abnNeeded).toBe(false);
    expect(a1c!.reason).toBe(
      'Medicare pays for 83036 under NCD 190.21 (Glycated Hemoglobin/Glycated Protein) only with a diagnosis that supports it: add a diagnosis code.',
    );
  });

  it('leaves a test no NCD governs alone, even without a diagnosis', () => {
    expect(check({ tests: [CMP] })).toEqual([
      { code: 'CMP', status: 'not-governed', reason: null, abnNeeded: false, lines: [{ cpt: '80053', ncd: null, status: 'not-governed', reason: null, supporting: [] }] },
    ]);
    expect(check({ tests: [{ code: 'X', cpt_codes: [] }] })[0]).toMatchObject({ status: 'not-governed', lines: [] });
  });

  it('reads diagnoses with or without dots, in any case, once', () => {
    const [a1c] = check({ diagnoses: ['e11.65', 'E1165', 'R73.09'] });
    expect(a1c!.lines[0]!.supporting).toEqual(['E11.65', 'R73.09']);
  });

  it('calls a test never covered when every diagnosis is on the never-covered list (GY)', () => {
    const [a1c] = check({ diagnoses: ['Z00.00', 'Z00.01'] });
    expect(a1c).toMatchObject({
      status: 'never-covered',
      abnNeeded: false,
      reason: 'Medicare never covers 83036 for Z00.00, Z00.01 under NCD 190.21 (Glycated Hemoglobin/Glycated Protein): the test is statutorily excluded (GY).',
    });
    expect(a1c!.lines.map((line) => [line.status, line.supporting])).toEqual([['never-covered', []]]);
  });

  it('calls a test not supported when the diagnoses mix never-covered and unlisted codes', () => {
    expect(check({ diagnoses: ['Z00.00', 'J06.9'] })[0]!.status).toBe('not-supported');
  });

  it('lets the never-covered list win over the covered list', () => {
    const both: NcdPolicy = { ...A1C, diagnoses: [...A1C.diagnoses, 'Z0000'] };
    expect(check({ policies: [both], diagnoses: ['Z00.00'] })[0]!.status).toBe('never-covered');
    expect(check({ policies: [both], diagnoses: ['Z00.00', 'E11.9'] })[0]).toMatchObject({ status: 'supported', lines: [{ supporting: ['E11.9'] }] });
  });

  it('supports a test when one diagnosis of several supports it', () => {
    expect(check({ diagnoses: ['Z00.00', 'J06.9', 'R73.09'] })[0]!.status).toBe('supported');
  });

  describe('190.15, which lists the diagnoses that do not support medical necessity', () => {
    it('supports a blood count with any other diagnosis', () => {
      expect(check({ tests: [CBC], diagnoses: ['D64.9'] })[0]).toMatchObject({ status: 'supported', lines: [{ supporting: ['D64.9'] }] });
      expect(check({ tests: [CBC], diagnoses: ['Z00.00', 'D64.9'] })[0]!.status).toBe('supported');
    });

    it('does not support it when every diagnosis is on the list', () => {
      expect(check({ tests: [CBC], diagnoses: ['Z00.00', 'Z01.21'] })[0]).toMatchObject({
        status: 'not-supported',
        reason: 'Every diagnosis given (Z00.00, Z01.21) is on the list of diagnoses that do not support medical necessity of NCD 190.15 (Blood Counts).',
      });
    });

    it('does not count a never-covered code as supporting, even when it is not on the list', () => {
      const counts: NcdPolicy = { ...COUNTS, diagnoses: ['Z0000'], non_covered: ['Z0001'] };
      expect(check({ policies: [counts], tests: [CBC], diagnoses: ['Z00.01'] })[0]!.status).toBe('never-covered');
      expect(check({ policies: [counts], tests: [CBC], diagnoses: ['Z00.01', 'D64.9'] })[0]).toMatchObject({
        status: 'supported',
        lines: [{ supporting: ['D64.9'] }],
      });
    });

    it('does not count a never-covered code as supporting', () => {
      expect(check({ tests: [CBC], diagnoses: ['Z00.01'] })[0]!.status).toBe('never-covered');
      expect(check({ tests: [CBC], diagnoses: ['Z00.01', 'Z00.00'] })[0]!.status).toBe('not-supported');
    });
  });

  describe('frequency limits', () => {
    it('counts the earlier services of the limited code within the months before the date of service', () => {
      const [a1c] = check({ diagnoses: ['E11.9'], priorServices: [{ date: '2026-03-01T10:00:00Z', cpt_codes: ['83036'] }] });
      expect(a1c).toMatchObject({
        status: 'frequency-exceeded',
        abnNeeded: true,
        reason: 'NCD 190.21 (Glycated Hemoglobin/Glycated Protein) covers 83036 at most once in 3 months; it was done on 2026-03-01.',
        lines: [{ supporting: ['E11.9'] }],
      });
    });

    it('allows a service exactly the limit’s months later, and ignores other codes and later dates', () => {
      const prior = [
        { date: '2026-02-15', cpt_codes: ['83036'] },
        { date: '2026-04-01', cpt_codes: ['80061'] },
        { date: '2026-06-01', cpt_codes: ['83036'] },
      ];
      expect(check({ diagnoses: ['E11.9'], priorServices: prior })[0]!.status).toBe('supported');
      expect(check({ diagnoses: ['E11.9'], priorServices: [{ date: '2026-02-16', cpt_codes: ['83036'] }] })[0]!.status).toBe('frequency-exceeded');
      expect(check({ diagnoses: ['E11.9'], priorServices: [{ date: '2026-05-15', cpt_codes: ['83036'] }] })[0]!.status).toBe('frequency-exceeded');
    });

    it('counts only the codes a limit names, and limits no other code of the NCD', () => {
      const fructosamine = [{ date: '2026-05-01', cpt_codes: ['82985'] }];
      expect(check({ diagnoses: ['E11.9'], priorServices: fructosamine })[0]!.status).toBe('supported');
      const a1c = [{ date: '2026-05-01', cpt_codes: ['83036'] }];
      expect(check({ tests: [{ code: 'FRUC', cpt_codes: ['82985'] }], diagnoses: ['E11.9'], priorServices: a1c })[0]!.status).toBe('supported');
    });

    it('applies a limit naming codes only to those codes', () => {
      expect(check({ tests: [{ code: 'FRUC', cpt_codes: ['82985'] }], diagnoses: ['E11.9'], priorServices: [{ date: '2026-05-01', cpt_codes: ['82985'] }] })[0]!.status).toBe('supported');
    });

    it('counts any code of the NCD for a limit without codes, up to its maximum', () => {
      const five = ['2025-06-01', '2025-08-01', '2025-10-01', '2025-12-01', '2026-02-01'].map((date) => ({ date, cpt_codes: ['82465'] }));
      expect(check({ tests: [LIPID], diagnoses: ['E78.5'], priorServices: five })[0]!.status).toBe('supported');
      const six = [...five, { date: '2026-04-01', cpt_codes: ['84478'] }];
      expect(check({ tests: [LIPID], diagnoses: ['E78.5'], priorServices: six })[0]!.reason).toBe(
        'NCD 190.23 (Lipid Testing) covers 80061 at most 6 times in 12 months; it was done on 2025-06-01, 2025-08-01, 2025-10-01, 2025-12-01, 2026-02-01, 2026-04-01.',
      );
    });

    it('words limits of twice and of one month', () => {
      const policy: NcdPolicy = { ...A1C, frequency: [{ codes: [], max: 2, months: 1, note: '' }] };
      const prior = [{ date: '2026-05-01', cpt_codes: ['83036'] }, { date: '2026-05-10', cpt_codes: ['83036'] }];
      expect(check({ policies: [policy], diagnoses: ['E11.9'], priorServices: prior })[0]!.reason).toBe(
        'NCD 190.21 (Glycated Hemoglobin/Glycated Protein) covers 83036 at most twice in a month; it was done on 2026-05-01, 2026-05-10.',
      );
    });

    it('does not check frequency for a test that is not supported anyway', () => {
      expect(check({ diagnoses: ['I10'], priorServices: [{ date: '2026-05-01', cpt_codes: ['83036'] }] })[0]!.status).toBe('not-supported');
    });
  });

  it('gives a test of several codes the most demanding status of its lines', () => {
    const combo = { code: 'A1C-LIPID', cpt_codes: ['83036', '80061', '80053'] };
    const [result] = check({ tests: [combo], diagnoses: ['E11.9'] });
    expect(result!.status).toBe('not-supported');
    expect(result!.lines.map((line) => line.status)).toEqual(['supported', 'not-supported', 'not-governed']);
  });

  it('checks a code governed by two NCDs under both and keeps the most demanding answer', () => {
    const other: NcdPolicy = { ...LIPIDS, id: '190.99', codes: ['83036'], diagnoses: ['E119'], frequency: [] };
    expect(check({ policies: [A1C, other], diagnoses: ['E11.9'], priorServices: [{ date: '2026-05-01', cpt_codes: ['83036'] }] })[0]!.status).toBe('frequency-exceeded');
  });

  it('answers one result per test, in order, whatever the diagnoses', () => {
    fc.assert(
      fc.property(fc.subarray([HBA1C, LIPID, CBC, CMP]), fc.subarray(['E11.9', 'Z00.00', 'Z00.01', 'I10', 'D64.9', 'E78.5']), (tests, diagnoses) => {
        const results = check({ tests, diagnoses });
        expect(results.map((result) => result.code)).toEqual(tests.map((test) => test.code));
        for (const result of results) {
          expect(result.abnNeeded).toBe(result.status === 'not-supported' || result.status === 'frequency-exceeded');
          expect(result.reason === null).toBe(result.status === 'supported' || result.status === 'not-governed');
          if (diagnoses.length === 0) expect(['needs-diagnosis', 'not-governed']).toContain(result.status);
        }
      }),
    );
  });
});

describe('dates', () => {
  it('subtracts months, clamping to the end of shorter months', () => {
    expect(monthsBefore('2026-05-15', 3)).toBe('2026-02-15');
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-10', 1)).toBe('2025-12-10');
    expect(monthsBefore('2026-03-31T23:00:00Z', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-05-15', 24)).toBe('2024-05-15');
    expect(monthsBefore('0010-01-05', 1)).toBe('0009-12-05');
  });

  it('lists the counted services sorted', () => {
    const prior = [{ date: '2026-05-01', cpt_codes: ['83036'] }, { date: '2026-03-01', cpt_codes: ['82985', '83036'] }];
    expect(servicesWithin(A1C.frequency[0]!, A1C, prior, '2026-05-15')).toEqual(['2026-03-01', '2026-05-01']);
  });
});

describe('policiesByCode', () => {
  it('maps each governed code to its NCDs', () => {
    const map = policiesByCode([A1C, { ...COUNTS, codes: ['85025', '83036'] }]);
    expect(map.get('83036')!.map((policy) => policy.id)).toEqual(['190.21', '190.15']);
    expect(map.get('85025')!.map((policy) => policy.id)).toEqual(['190.15']);
    expect(map.has('80053')).toBe(false);
  });
});

describe('abnOutcome', () => {
  const signed = (option: 1 | 2 | 3): AbnChoice => ({ option, signature: 'signed' });

  it('needs no modifier for a supported or ungoverned test', () => {
    for (const status of ['supported', 'not-governed'] as const) {
      expect(abnOutcome(status, null)).toEqual({ modifier: null, perform: true, billMedicare: true });
    }
  });

  it('carries GA with an ABN given (signed or refused), GZ without one', () => {
    for (const status of ['not-supported', 'frequency-exceeded', 'needs-diagnosis'] as const) {
      expect(abnOutcome(status, signed(1))).toEqual({ modifier: 'GA', perform: true, billMedicare: true });
      expect(abnOutcome(status, { option: 1, signature: 'refused' })).toEqual({ modifier: 'GA', perform: true, billMedicare: true });
      expect(abnOutcome(status, signed(2))).toEqual({ modifier: 'GA', perform: true, billMedicare: false });
      expect(abnOutcome(status, null)).toEqual({ modifier: 'GZ', perform: true, billMedicare: true });
    }
  });

  it('carries GY for a test Medicare never covers, with or without an ABN', () => {
    expect(abnOutcome('never-covered', null)).toEqual({ modifier: 'GY', perform: true, billMedicare: true });
    expect(abnOutcome('never-covered', signed(1))).toEqual({ modifier: 'GY', perform: true, billMedicare: true });
    expect(abnOutcome('never-covered', signed(2))).toEqual({ modifier: 'GY', perform: true, billMedicare: false });
  });

  it('does not do a test the patient declined (option 3)', () => {
    for (const status of NECESSITY_SEVERITY) {
      expect(abnOutcome(status, signed(3))).toEqual({ modifier: null, perform: false, billMedicare: false });
    }
  });

  it('gives each billed line of a test its own modifier', () => {
    const [combo] = check({ tests: [{ code: 'COMBO', cpt_codes: ['83036', '80061'] }], diagnoses: ['E11.9'] });
    expect(lineModifiers(combo!, signed(1))).toEqual([
      { cpt: '83036', modifier: null },
      { cpt: '80061', modifier: 'GA' },
    ]);
    expect(lineModifiers(combo!, null)).toEqual([
      { cpt: '83036', modifier: null },
      { cpt: '80061', modifier: 'GZ' },
    ]);
  });

  it('orders the statuses from most to least demanding', () => {
    expect(NECESSITY_SEVERITY).toEqual(['needs-diagnosis', 'not-supported', 'frequency-exceeded', 'never-covered', 'supported', 'not-governed'] satisfies NecessityStatus[]);
  });
});
