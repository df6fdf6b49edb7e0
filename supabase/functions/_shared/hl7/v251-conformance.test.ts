// Every ORM^O01 the product builds conforms to HL7 v2.5.1 (structure, data types, table
// values, character set), checked by the independent check of testing/v251-conformance.ts;
// and that check refuses what a strict validator refuses, so its silence means something.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAck } from './ack.ts';
import { degreeOf } from './degree.ts';
import { buildCancel, buildOrm } from './orm.ts';
import type { OrderMessageInput, OrderTest } from './order-types.ts';
import { SAMPLE_ORDER } from './test-data.ts';
import { checkV251 } from './testing/v251-conformance.ts';

const order = (changes: Partial<OrderMessageInput>): OrderMessageInput => ({ ...SAMPLE_ORDER, ...changes });
const problems = (text: string) => checkV251(text).map((p) => `${p.location}: ${p.problem}`);

describe('the v2.5.1 check refuses what a strict validator refuses', () => {
  const good = buildOrm(SAMPLE_ORDER);
  const replace = (find: string, by: string) => {
    expect(good).toContain(find);
    return good.replace(find, by);
  };

  it('passes the sample order', () => {
    expect(problems(good)).toEqual([]);
  });

  it('a degree as typed in XCN-7, a value type of v2.6, an unknown sex or identifier type', () => {
    expect(problems(replace('^Jane^^^^MD^^', '^Jane^^^^M.D.^^'))).toContain('ORC[1]-12.7: "M.D." is not a value of HL7 table 0360');
    expect(problems(replace('OBX|1|CE|49541-6', 'OBX|1|CWE|49541-6'))).toContain('OBX[1]-2: "CWE" is not a value of HL7 table 0125');
    expect(problems(replace('|19500203|F|', '|19500203|X|'))).toContain('PID-8: "X" is not a value of HL7 table 0001');
    expect(problems(replace('^^^CMS^MC', '^^^CMS^MBI'))).toContain('PID-3[2].5: "MBI" is not a value of HL7 table 0203');
  });

  it('characters beyond ASCII without MSH-18, control characters, impossible dates', () => {
    const accented = replace("O'Brien^Mary^K", 'Muñoz^José^K');
    expect(problems(accented)).toEqual([]);
    expect(problems(accented.replace('|2.5.1||||||UNICODE UTF-8', '|2.5.1'))).toEqual(['MSH-18: the message holds characters beyond ASCII but declares no character set']);
    expect(problems(replace('^Mary^K|', '^Ma\u0000ry^K|'))).toContain('PID: control character U+0000 in the segment');
    expect(problems(replace('|19500203|', '|19500231|'))).toContain('PID-7.1: "19500231" is not a date and time (DTM)');
  });

  it('segments out of the ORM_O01 order, a required field left empty, a field that does not repeat', () => {
    const lines = good.split('\r');
    const pid = lines.findIndex((l) => l.startsWith('PID|'));
    const swapped = [lines[0], lines[pid + 1], lines[pid], ...lines.slice(pid + 2)].join('\r');
    expect(problems(swapped)[0]).toMatch(/^segments: MSH PV1 PID .* is not a valid ORM_O01$/);
    expect(problems(replace('DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10|||W', 'DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10|||'))).toContain('DG1[1]-6: a required field is empty');
    expect(problems(replace('|P|2.5.1|', '|P~T|2.5.1|'))).toContain('MSH-11: the field does not repeat');
  });

  it('an embedded report whose data is longer than TX allows, or whose subtype is not of table 0291', () => {
    const ack = buildAck(good, 'AA', 'ok');
    const ed = (subtype: string, data: string) => `${ack.split('\r')[0]!.replace('ACK^O01^ACK', 'ORU^R01^ORU_R01')}\rPID|1||P1^^^LABLINK^MR||Roe^Ann\rOBR|1|R1||CBC^CBC^L\rOBX|1|ED|11502-2^Laboratory report^LN||^AP^${subtype}^Base64^${data}||||||F`;
    expect(problems(ed('Octet-stream', 'JVBERi0='))).toEqual([]);
    expect(problems(ed('PDF', 'JVBERi0='))).toEqual(['OBX[1]-5.3: "PDF" is not a value of HL7 table 0291']);
    expect(problems(ed('Octet-stream', 'A'.repeat(65540)))).toEqual(['OBX[1]-5.5: 65540 characters is longer than TX allows (65536)']);
  });
});

describe('every ORM^O01 the product builds conforms to v2.5.1', () => {
  const credentials = ['MD', 'M.D.', 'D.O.', 'DO', 'NP', 'FNP-C', 'PA-C', 'MD, PhD', 'M. D.', 'RN', 'DPM', 'PharmD', null, ''];

  it('maps each credential to a table 0360 code and keeps the text as written', () => {
    expect(credentials.map((c) => degreeOf(c))).toEqual([
      { code: 'MD', text: 'MD' },
      { code: 'MD', text: 'M.D.' },
      { code: 'DO', text: 'D.O.' },
      { code: 'DO', text: 'DO' },
      { code: 'NP', text: 'NP' },
      { code: 'FPNP', text: 'FNP-C' },
      { code: 'PA', text: 'PA-C' },
      { code: 'MD', text: 'MD, PhD' },
      { code: 'MD', text: 'M. D.' },
      { code: null, text: 'RN' },
      { code: null, text: 'DPM' },
      { code: 'PharmD', text: 'PharmD' },
      { code: null, text: null },
      { code: null, text: null },
    ]);
    const xcn = (credential: string | null) => buildOrm(order({ orderingProvider: { ...SAMPLE_ORDER.orderingProvider, credential } })).split('\r').find((l) => l.startsWith('ORC|'))!.split('|')[12];
    expect(xcn('M.D.')).toBe('1234567893^Doe^Jane^^^^MD^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI^^^^^^^^M.D.');
    expect(xcn('D.O.')).toBe('1234567893^Doe^Jane^^^^DO^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI^^^^^^^^D.O.');
    expect(xcn('MD')).toBe('1234567893^Doe^Jane^^^^MD^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI');
    expect(xcn('RN')).toBe('1234567893^Doe^Jane^^^^^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI^^^^^^^^RN');
    for (const credential of credentials) {
      expect(problems(buildOrm(order({ orderingProvider: { ...SAMPLE_ORDER.orderingProvider, credential } })))).toEqual([]);
    }
  });

  it('for each way of billing, a cancel, STAT, every answer type, every ABN status and names with é and ñ', () => {
    const tests: OrderTest[] = [
      { code: 'PSA', name: 'PSA', abn: { status: 'refused', modifier: 'GZ' }, questionAnswers: [{ code: 'LMP', question: 'Last menstrual period', valueType: 'DT', value: '2026-11-01' }, { code: 'SRC', question: 'Source', valueType: 'ST', value: 'Left arm | drawn' }] },
      { code: 'VITD', name: 'Vitamin D', abn: { status: 'not_obtained', modifier: 'GY' }, questionAnswers: [{ code: 'Q1', question: 'Site', valueType: 'CE', value: 'L', answerText: 'Left' }] },
      { code: 'LIPID', name: 'Lipid panel', asksFasting: true, abn: { status: 'signed', option: 2, modifier: 'GA' } },
    ];
    const inputs: OrderMessageInput[] = [
      SAMPLE_ORDER,
      order({ billTo: 'client', coverages: [], diagnoses: [], priority: 'stat', tests }),
      order({ billTo: 'patient', guarantor: { lastName: 'Peña', firstName: 'Zoë', relationship: 'PAR' }, collection: {} }),
      order({ patient: { ...SAMPLE_ORDER.patient, lastName: 'Núñez-Ibáñez', firstName: 'Renée', sex: 'U', identifiers: [] }, comments: ['Line one\nline two ^ & ~'] }),
    ];
    for (const input of inputs) {
      expect(problems(buildOrm(input))).toEqual([]);
      expect(problems(buildCancel({ ...input, reason: 'Entered for the wrong patient' }))).toEqual([]);
    }
  });

  it('whatever people type into names, comments and answers', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', 'ñ', ' ', '|', '^', '~', '\\', '&', '\n', "'", '-', 'Z', '1'), minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(text, text, text, text, (last, first, comment, answer) => {
        const message = buildOrm(order({
          patient: { ...SAMPLE_ORDER.patient, lastName: last, firstName: first },
          comments: [comment],
          tests: [{ code: 'X1', name: 'Test', questionAnswers: [{ code: 'Q', question: first, valueType: 'ST', value: answer }] }],
        }));
        expect(problems(message)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
