import { describe, expect, it } from 'vitest';
import { buildCancel, buildOrm } from './orm.ts';
import { parseOrm } from './orm-parse.ts';
import { Hl7Error } from './errors.ts';
import { SAMPLE_ORDER } from './test-data.ts';

const ORM = buildOrm(SAMPLE_ORDER);
const edit = (find: string, replace: string) => {
  if (!ORM.includes(find)) throw new Error(`test setup: "${find}" is not in the sample`);
  return ORM.replace(find, replace);
};
const without = (name: string) => ORM.split('\r').filter((line) => !line.startsWith(`${name}|`)).join('\r');

describe('parseOrm', () => {
  it('reads what a laboratory needs from the order', () => {
    const order = parseOrm(ORM);
    expect(order).toMatchObject({
      controlId: 'R24A7K9QX-N1',
      processingId: 'P',
      version: '2.5.1',
      patient: { id: 'P-1001', lastName: "O'Brien", firstName: 'Mary', birthDate: '1950-02-03', sex: 'F' },
      financialClass: 'T',
      coverages: [{ payerId: 'MEDICARE', payerName: 'Medicare Part B', memberId: '1EG4TE5MK73' }],
      clientAccount: 'C1001',
    });
    expect(order.tests).toEqual([
      {
        orderControl: 'NW',
        placerOrderNumber: 'R24A7K9QX',
        code: 'HBA1C',
        name: 'Hemoglobin A1c',
        loinc: '4548-4',
        priority: 'routine',
        collectedAt: '2026-11-25T14:00:00.000Z',
        orderingProviderNpi: '1234567893',
        diagnosisCodes: ['E11.9'],
        answers: [{ code: '49541-6', valueType: 'CE', value: 'Y' }],
        modifiers: [],
        comments: ['Call the office with critical values'],
        cancelReason: null,
      },
      {
        orderControl: 'NW',
        placerOrderNumber: 'R24A7K9QX',
        code: 'LIPID',
        name: 'Lipid Panel',
        loinc: null,
        priority: 'routine',
        collectedAt: '2026-11-25T14:00:00.000Z',
        orderingProviderNpi: '1234567893',
        diagnosisCodes: ['E11.9', 'Z13.220'],
        answers: [
          { code: 'LIP1', valueType: 'NM', value: '12' },
          { code: 'ABN', valueType: 'CE', value: 'SIGNED-1' },
        ],
        modifiers: ['GA'],
        comments: [],
        cancelReason: null,
      },
    ]);
  });

  it('takes the placer order number and the provider from the ORC when the OBR leaves them out', () => {
    const order = parseOrm(edit('OBR|1|R24A7K9QX^LABLINK||', 'OBR|1|||').replace(/(OBR\|1\|[^\r]*?)\|1234567893\^Doe[^|]*/, '$1|'));
    expect(order.tests[0]).toMatchObject({ placerOrderNumber: 'R24A7K9QX', orderingProviderNpi: '1234567893' });
  });

  it('reads a cancellation without diagnoses as valid', () => {
    const cancel = buildCancel({ ...SAMPLE_ORDER, reason: 'Duplicate order', diagnoses: SAMPLE_ORDER.diagnoses });
    expect(parseOrm(cancel.split('\r').filter((l) => !l.startsWith('DG1|')).join('\r')).tests.map((t) => t.orderControl)).toEqual(['CA', 'CA']);
  });

  const cases: Array<[string, string, string, string]> = [
    ['a result message', edit('ORM^O01^ORM_O01', 'ORU^R01^ORU_R01'), 'MSH-9: expected an ORM^O01, got ORU^R01', '200'],
    ['no PID', without('PID'), 'the message has no PID segment', '100'],
    ['no patient identifier', edit('PID|1||P-1001^^^LABLINK^MR~1EG4TE5MK73^^^CMS^MC|', 'PID|1|||'), "PID-3: the patient's identifier is missing", '101'],
    ['no patient name', edit("|O'Brien^Mary^K||19500203|", '|||19500203|'), "PID-5: the patient's last name is missing", '101'],
    ['no birth date', edit('||19500203|F|', '|||F|'), "PID-7: the patient's date of birth is missing", '101'],
    ['no sex', edit('||19500203|F|', '||19500203||'), "PID-8: the patient's sex is missing", '101'],
    ['third party without IN1', without('IN1'), 'PV1-20: third-party billing (PV1-20 T) needs an IN1 segment', '101'],
    ['an IN1 without policy number', edit('||1EG4TE5MK73\rGT1', '||\rGT1'), 'IN1[1]-36: the policy number is missing', '101'],
    ['an IN1 without insurer', edit('IN1|1|MC|MEDICARE|', 'IN1|1|MC||'), "IN1[1]-3: the insurer's id is missing", '101'],
    ['third party without diagnoses', without('DG1'), 'OBR[1]: test HBA1C billed to insurance has no diagnosis (DG1)', '101'],
    ['no order', ORM.split('\r').slice(0, 5).join('\r'), 'the message has no ORC/OBR order', '100'],
    ['an OBR without ORC', without('ORC'), 'OBR[1]: an OBR must follow its ORC', '100'],
    ['an ORC without OBR', without('OBR'), 'ORC[1]: an ORC must be followed by its OBR', '100'],
    ['an unknown order control', edit('ORC|NW|', 'ORC|XO|'), 'ORC[1]-1: order control "XO" is not supported (NW new or CA cancel)', '103'],
    ['no order control', edit('ORC|NW|', 'ORC||'), 'ORC[1]-1: the order control code is missing', '101'],
    ['no placer order number', ORM.replace(/R24A7K9QX\^LABLINK/g, ''), 'ORC[1]-2: the placer order number is missing', '101'],
    ['no order code', edit('|HBA1C^Hemoglobin A1c^L^4548-4^Hemoglobin A1c^LN|', '||'), 'OBR[1]-4: the universal service identifier (order code) is missing', '101'],
    ['no ordering provider', ORM.replace(/\|1234567893\^Doe\^Jane[^|]*/g, '|'), 'OBR[1]-16: the ordering provider is missing', '101'],
    ['an invalid NPI', ORM.replace(/1234567893\^Doe/g, '1234567890^Doe'), `OBR[1]-16: the ordering provider's NPI "1234567890" is not valid`, '102'],
    ['an unknown priority', edit('^^^^^R|', '^^^^^A|'), 'OBR[1]-27.6: priority "A" is not S (stat) or R (routine)', '103'],
    ['a bad collection time', edit('|20261125090000-0500|||^K. Smith', '|202611250900009|||^K. Smith'), 'OBR[1]-7: "202611250900009" is not an HL7 time (YYYYMMDDHHMMSS[+/-ZZZZ])', '207'],
    ['a DG1 without code', edit('DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10|||W\rOBX', 'DG1|1|||||W\rOBX'), 'DG1[1]-3: the diagnosis code is missing', '101'],
    ['an answer without question code', edit('OBX|1|NM|LIP1^Hours since last meal^L|', 'OBX|1|NM||'), 'OBX[2]-3: the question code is missing', '101'],
  ];
  it.each(cases)('refuses %s', (_label, text, message, condition) => {
    let caught: unknown = null;
    try {
      parseOrm(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Hl7Error);
    expect((caught as Hl7Error).message).toBe(message);
    expect((caught as Hl7Error).condition).toBe(condition);
  });
});
