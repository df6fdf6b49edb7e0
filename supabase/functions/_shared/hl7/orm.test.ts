import { describe, expect, it } from 'vitest';
import { buildCancel, buildOrm, controlIdFor } from './orm.ts';
import { parseOrm } from './orm-parse.ts';
import { SAMPLE_ORDER } from './test-data.ts';
import type { OrderMessageInput, PersonName } from './order-types.ts';

const lines = (message: string) => message.split('\r');
const segmentsNamed = (message: string, name: string) => lines(message).filter((l) => l.startsWith(`${name}|`));
const order = (changes: Partial<OrderMessageInput>): OrderMessageInput => ({ ...SAMPLE_ORDER, ...changes });

const PROVIDER = '1234567893^Doe^Jane^^^^MD^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI';

describe('buildOrm', () => {
  it('writes every segment of a Medicare order in the ORM_O01 order', () => {
    expect(lines(buildOrm(SAMPLE_ORDER))).toEqual([
      'MSH|^~\\&|LABLINK|CLIENTS|LIS|05D0000000|20261125093000-0500||ORM^O01^ORM_O01|R24A7K9QX-N1|P|2.5.1||||||UNICODE UTF-8',
      "PID|1||P-1001^^^LABLINK^MR~1EG4TE5MK73^^^CMS^MC||O'Brien^Mary^K||19500203|F|||12 Elm St^Apt 3^Albany^NY^12207^USA||518-555-0142^PRN^PH",
      'PV1|1|O||||||||||||||||||T',
      "IN1|1|MC|MEDICARE|Medicare Part B|||||||||||MC|O'Brien^Mary|SEL|19500203||||||||||||||||||1EG4TE5MK73",
      "GT1|1||O'Brien^Mary^K||12 Elm St^Apt 3^Albany^NY^12207^USA|518-555-0142^PRN^PH|||||SEL",
      `ORC|NW|R24A7K9QX^LABLINK||R24A7K9QX^LABLINK|||||20261125093000-0500|||${PROVIDER}|||||||||Capital Region Medical Group^L^^^^^^^^C1001||518-555-0100^WPN^PH`,
      `OBR|1|R24A7K9QX^LABLINK||HBA1C^Hemoglobin A1c^L^4548-4^Hemoglobin A1c^LN|||20261125090000-0500|||^K. Smith|O|||||${PROVIDER}|||||||||||^^^^^R|||||||||||||||||83036^^C4`,
      'NTE|1|L|Call the office with critical values',
      'DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10|||W',
      'OBX|1|CE|49541-6^Fasting status - Reported^LN||Y^Yes^HL70136||||||F',
      `ORC|NW|R24A7K9QX^LABLINK||R24A7K9QX^LABLINK|||||20261125093000-0500|||${PROVIDER}|||||||||Capital Region Medical Group^L^^^^^^^^C1001||518-555-0100^WPN^PH`,
      `OBR|2|R24A7K9QX^LABLINK||LIPID^Lipid Panel^L|||20261125090000-0500|||^K. Smith|O|||||${PROVIDER}|||||||||||^^^^^R|||||||||||||||||80061^^C4|GA^^HCPCS`,
      'DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10|||W',
      'DG1|2||Z13.220^Encounter for screening for lipoid disorders^I10|||W',
      'OBX|1|NM|LIP1^Hours since last meal^L||12|h|||||F',
      'OBX|2|CE|ABN^Advance Beneficiary Notice^L||SIGNED-1^Signed, option 1; modifier GA^L||||||F',
    ]);
  });

  it('gives the same control ID for the same order and version, and a new one per version', () => {
    const first = buildOrm(SAMPLE_ORDER);
    expect(buildOrm({ ...SAMPLE_ORDER, sentAt: '2026-11-26T08:00:00Z' }).split('\r')[0]).toContain('|R24A7K9QX-N1|');
    expect(first).toBe(buildOrm(SAMPLE_ORDER));
    expect(parseOrm(buildOrm(order({ version: 2 }))).controlId).toBe('R24A7K9QX-N2');
    expect(controlIdFor('R1', 3, 'C')).toBe('R1-C3');
  });

  it('refuses a requisition number that makes the control ID longer than 20 characters', () => {
    expect(() => controlIdFor('ABCDEFGHIJKLMNOP', 123, 'N')).toThrow(
      'requisitionNumber: the message control ID "ABCDEFGHIJKLMNOP-N123" would be longer than 20 characters: shorten the requisition number',
    );
    expect(controlIdFor('ABCDEFGHIJKLMNOP', 12, 'N')).toBe('ABCDEFGHIJKLMNOP-N12');
  });

  it('bills the client without IN1 or GT1, and the patient with the patient as guarantor', () => {
    const client = buildOrm(order({ billTo: 'client', coverages: [], diagnoses: [], tests: [{ code: 'TSH', name: 'TSH' }] }));
    expect(segmentsNamed(client, 'PV1')).toEqual(['PV1|1|O||||||||||||||||||C']);
    expect(segmentsNamed(client, 'IN1')).toEqual([]);
    expect(segmentsNamed(client, 'GT1')).toEqual([]);
    expect(segmentsNamed(client, 'DG1')).toEqual([]);

    const patient = buildOrm(order({ billTo: 'patient', coverages: [] }));
    expect(segmentsNamed(patient, 'PV1')).toEqual(['PV1|1|O||||||||||||||||||P']);
    expect(segmentsNamed(patient, 'IN1')).toEqual([]);
    expect(segmentsNamed(patient, 'GT1')).toEqual(["GT1|1||O'Brien^Mary^K||12 Elm St^Apt 3^Albany^NY^12207^USA|518-555-0142^PRN^PH|||||SEL"]);

    const guarantor = buildOrm(order({ billTo: 'patient', guarantor: { lastName: 'Roe', firstName: 'Sam', relationship: 'CHD' } }));
    expect(segmentsNamed(guarantor, 'GT1')).toEqual(['GT1|1||Roe^Sam||||||||CHD']);
  });

  it('writes one IN1 per coverage in priority order', () => {
    const secondary = { ...SAMPLE_ORDER.coverages![0]!, payerId: 'NYMCD', payerName: 'NY Medicaid', planType: 'MD', memberId: 'AB12345C', groupNumber: 'G7' };
    const message = buildOrm(order({ coverages: [SAMPLE_ORDER.coverages![0]!, secondary] }));
    const in1 = segmentsNamed(message, 'IN1');
    expect(in1).toHaveLength(2);
    expect(in1[1]).toBe("IN1|2|MD|NYMCD|NY Medicaid||||G7|||||||MD|O'Brien^Mary|SEL|19500203||||||||||||||||||AB12345C");
  });

  it('escapes delimiters inside values and reads them back unchanged', () => {
    const message = buildOrm(
      order({
        patient: { ...SAMPLE_ORDER.patient, lastName: 'Smith^Jones|&~\\', firstName: 'Ann' },
        comments: ['fasting | since 8pm\nsecond line'],
      }),
    );
    expect(segmentsNamed(message, 'PID')[0]).toContain('|Smith\\S\\Jones\\F\\\\T\\\\R\\\\E\\^Ann^K|');
    expect(segmentsNamed(message, 'NTE')[0]).toBe('NTE|1|L|fasting \\F\\ since 8pm\\.br\\second line');
    const read = parseOrm(message);
    expect(read.patient.lastName).toBe('Smith^Jones|&~\\');
    expect(read.tests[0]?.comments).toEqual(['fasting | since 8pm\nsecond line']);
  });

  it('marks STAT, leaves collection to the laboratory when no time is given, and writes fasting No', () => {
    const message = buildOrm(order({ priority: 'stat', collection: { fasting: false } }));
    const obr = segmentsNamed(message, 'OBR')[0]!.split('|');
    expect(obr[7]).toBe('');
    expect(obr[10]).toBe('');
    expect(obr[11]).toBe('L');
    expect(obr[27]).toBe('^^^^^S');
    expect(segmentsNamed(message, 'OBX')[0]).toBe('OBX|1|CE|49541-6^Fasting status - Reported^LN||N^No^HL70136||||||F');
    expect(parseOrm(message).tests.map((t) => t.priority)).toEqual(['stat', 'stat']);
  });

  it('does not add fasting when a question already answers it, nor when it is unknown', () => {
    const answered = buildOrm(
      order({
        tests: [{ code: 'GLU', name: 'Glucose', questionAnswers: [{ code: '49541-6', question: 'Fasting', codingSystem: 'LN', valueType: 'CE', value: 'N', answerText: 'No' }] }],
      }),
    );
    expect(segmentsNamed(answered, 'OBX')).toEqual(['OBX|1|CE|49541-6^Fasting^LN||N^No^L||||||F']);
    const unknown = buildOrm(order({ collection: { collectedAt: '2026-11-25T14:00:00Z' }, tests: [{ code: 'GLU', name: 'Glucose' }] }));
    expect(segmentsNamed(unknown, 'OBX')).toEqual([]);
  });

  it('writes ST and DT answers, ABN refusals and modifiers GZ and GY', () => {
    const message = buildOrm(
      order({
        tests: [
          {
            code: 'PSA',
            name: 'PSA',
            abn: { status: 'refused', modifier: 'GZ' },
            questionAnswers: [
              { code: 'LMP', question: 'Last menstrual period', valueType: 'DT', value: '2026-11-01' },
              { code: 'SRC', question: 'Source', valueType: 'ST', value: 'Left arm' },
            ],
          },
          { code: 'VITD', name: 'Vitamin D', abn: { status: 'not_obtained', modifier: 'GY' } },
        ],
      }),
    );
    expect(segmentsNamed(message, 'OBX')).toEqual([
      'OBX|1|DT|LMP^Last menstrual period^L||20261101||||||F',
      'OBX|2|ST|SRC^Source^L||Left arm||||||F',
      'OBX|3|CE|49541-6^Fasting status - Reported^LN||Y^Yes^HL70136||||||F',
      'OBX|4|CE|ABN^Advance Beneficiary Notice^L||REFUSED^Refused to sign; modifier GZ^L||||||F',
      'OBX|1|CE|ABN^Advance Beneficiary Notice^L||NOT_OBTAINED^Not obtained; modifier GY^L||||||F',
    ]);
    expect(parseOrm(message).tests.map((t) => t.modifiers)).toEqual([['GZ'], ['GY']]);
  });

  it('leaves out what the order does not give, and writes only what it does', () => {
    const provider = '1234567893^Doe^Jane^^^^^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI';
    const orc = `ORC|NW|R24A7K9QX^LABLINK||R24A7K9QX^LABLINK|||||20261125093000-0500|||${provider}|||||||||Clinic^L^^^^^^^^C2|1 Main St^^Troy^NY^12180^CAN`;
    const message = buildOrm(
      order({
        billTo: 'patient',
        processingId: 'T',
        patient: { id: 'P-2', lastName: 'Roe', firstName: 'Ann', birthDate: '1980-01-02', sex: 'F' },
        orderingProvider: { npi: '1234567893', lastName: 'Doe', firstName: 'Jane' },
        client: { accountNumber: 'C2', name: 'Clinic', address: { line1: '1 Main St', city: 'Troy', state: 'NY', zip: '12180', country: 'CAN' } },
        collection: {},
        comments: undefined,
        diagnoses: [{ code: 'E11.9' }],
        tests: [
          {
            code: 'TSH',
            name: 'TSH',
            comments: ['Hemolyzed sample redrawn'],
            questionAnswers: [{ code: 'Q1', question: 'Site', valueType: 'CE', value: 'L' }],
            abn: { status: 'signed', option: 2, modifier: 'GA' },
          },
          { code: 'T4', name: 'Free T4', abn: { status: 'signed', modifier: 'GA' } },
        ],
      }),
    );
    expect(lines(message)).toEqual([
      'MSH|^~\\&|LABLINK|CLIENTS|LIS|05D0000000|20261125093000-0500||ORM^O01^ORM_O01|R24A7K9QX-N1|T|2.5.1||||||UNICODE UTF-8',
      'PID|1||P-2^^^LABLINK^MR||Roe^Ann||19800102|F',
      'PV1|1|O||||||||||||||||||P',
      'GT1|1||Roe^Ann||||||||SEL',
      orc,
      `OBR|1|R24A7K9QX^LABLINK||TSH^TSH^L|||||||L|||||${provider}|||||||||||^^^^^R||||||||||||||||||GA^^HCPCS`,
      'NTE|1|L|Hemolyzed sample redrawn',
      'DG1|1||E11.9^^I10|||W',
      'OBX|1|CE|Q1^Site^L||L^^L||||||F',
      'OBX|2|CE|ABN^Advance Beneficiary Notice^L||SIGNED-2^Signed, option 2; modifier GA^L||||||F',
      orc,
      `OBR|2|R24A7K9QX^LABLINK||T4^Free T4^L|||||||L|||||${provider}|||||||||||^^^^^R||||||||||||||||||GA^^HCPCS`,
      'DG1|1||E11.9^^I10|||W',
      'OBX|1|CE|ABN^Advance Beneficiary Notice^L||SIGNED-1^Signed, option 1; modifier GA^L||||||F',
    ]);
  });

  it('writes an identifier without authority, an insured without birth date, and no phone when there is none', () => {
    const coverage = { ...SAMPLE_ORDER.coverages![0]!, insured: { lastName: 'Roe', firstName: 'Sam', relationship: 'SPO' as const } };
    const message = buildOrm(
      order({ patient: { ...SAMPLE_ORDER.patient, identifiers: [{ value: '123456789', type: 'SS' }], phone: null }, coverages: [coverage] }),
    );
    expect(segmentsNamed(message, 'PID')).toEqual(["PID|1||P-1001^^^LABLINK^MR~123456789^^^^SS||O'Brien^Mary^K||19500203|F|||12 Elm St^Apt 3^Albany^NY^12207^USA"]);
    expect(segmentsNamed(message, 'IN1')).toEqual(['IN1|1|MC|MEDICARE|Medicare Part B|||||||||||MC|Roe^Sam|SPO|||||||||||||||||||1EG4TE5MK73']);
    expect(segmentsNamed(message, 'GT1')).toEqual(["GT1|1||O'Brien^Mary^K||12 Elm St^Apt 3^Albany^NY^12207^USA||||||SEL"]);
  });

  it('builds an order without collection, diagnoses or comments, and names a middle name of the provider', () => {
    const message = buildOrm(
      order({
        billTo: 'client',
        collection: undefined,
        diagnoses: undefined,
        comments: undefined,
        orderingProvider: { ...SAMPLE_ORDER.orderingProvider, middleName: 'Q' },
        tests: [{ code: 'TSH', name: 'TSH' }],
      }),
    );
    expect(segmentsNamed(message, 'OBR')).toEqual([
      'OBR|1|R24A7K9QX^LABLINK||TSH^TSH^L|||||||L|||||1234567893^Doe^Jane^Q^^^MD^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI|||||||||||^^^^^R',
    ]);
    expect(segmentsNamed(message, 'DG1')).toEqual([]);
    expect(segmentsNamed(message, 'NTE')).toEqual([]);
    expect(segmentsNamed(message, 'OBX')).toEqual([]);
  });

  it('writes no IN1 when the patient pays, even with coverages on file', () => {
    expect(segmentsNamed(buildOrm(order({ billTo: 'patient' })), 'IN1')).toEqual([]);
    expect(segmentsNamed(buildOrm(order({ billTo: 'client' })), 'IN1')).toEqual([]);
  });

  it('writes times at the UTC offset asked for, UTC by default', () => {
    const utc = buildOrm(order({ utcOffsetMinutes: undefined }));
    expect(lines(utc)[0]).toContain('|20261125143000+0000|');
    const india = buildOrm(order({ utcOffsetMinutes: 330 }));
    expect(lines(india)[0]).toContain('|20261125200000+0530|');
    expect(parseOrm(india).sentAt).toBe('2026-11-25T14:30:00.000Z');
  });
});

describe('buildCancel', () => {
  const cancel = { ...SAMPLE_ORDER, reason: 'Entered for the wrong patient', sentAt: '2026-11-25T15:00:00Z' };

  it('sends ORC CA with the reason for every test, without answers, under its own control ID', () => {
    const message = buildCancel(cancel);
    expect(lines(message)[0]).toBe('MSH|^~\\&|LABLINK|CLIENTS|LIS|05D0000000|20261125100000-0500||ORM^O01^ORM_O01|R24A7K9QX-C1|P|2.5.1||||||UNICODE UTF-8');
    expect(segmentsNamed(message, 'ORC').map((orc) => orc.split('|').slice(0, 3).concat(orc.split('|')[16]!))).toEqual([
      ['ORC', 'CA', 'R24A7K9QX^LABLINK', '^Entered for the wrong patient'],
      ['ORC', 'CA', 'R24A7K9QX^LABLINK', '^Entered for the wrong patient'],
    ]);
    expect(segmentsNamed(message, 'OBX')).toEqual([]);
    expect(segmentsNamed(message, 'OBR').map((obr) => obr.split('|')[1])).toEqual(['1', '2']);
    expect(lines(message).filter((l) => /^(OBR|NTE)\|/.test(l)).map((l) => l.slice(0, 5))).toEqual(['OBR|1', 'NTE|1', 'OBR|2']);
    const read = parseOrm(message);
    expect(read.tests.map((t) => [t.orderControl, t.code, t.cancelReason])).toEqual([
      ['CA', 'HBA1C', 'Entered for the wrong patient'],
      ['CA', 'LIPID', 'Entered for the wrong patient'],
    ]);
  });

  it('cancels only the tests named, and every test when none is named', () => {
    const read = parseOrm(buildCancel({ ...cancel, testCodes: ['LIPID'] }));
    expect(read.tests.map((t) => t.code)).toEqual(['LIPID']);
    expect(parseOrm(buildCancel({ ...cancel, testCodes: [] })).tests.map((t) => t.code)).toEqual(['HBA1C', 'LIPID']);
  });

  it('refuses a cancel without a reason or naming a test the order does not have', () => {
    expect(() => buildCancel({ ...cancel, reason: ' ' })).toThrow('reason: the reason for cancelling is required');
    expect(() => buildCancel({ ...cancel, testCodes: ['CBC'] })).toThrow("testCodes[0]: CBC is not one of the order's tests");
  });
});

describe('buildOrm refuses input that cannot make a valid order', () => {
  const tooMany = Array.from({ length: 13 }, (_, i) => ({ code: `Z00.0${i % 10}` }));
  const cases: Array<[string, Partial<OrderMessageInput>, string]> = [
    ['no requisition number', { requisitionNumber: '' }, 'requisitionNumber: the requisition number is required'],
    ['a requisition number with a space', { requisitionNumber: 'R 1' }, 'requisitionNumber: "R 1" may hold only letters, digits and hyphens'],
    ['version 0', { version: 0 }, 'version: the version must be a whole number from 1'],
    ['version 1.5', { version: 1.5 }, 'version: the version must be a whole number from 1'],
    ['an unreadable send time', { sentAt: 'yesterday' }, 'sentAt: "yesterday" is not a date and time'],
    ['no sending application', { sender: { application: '', facility: 'X' } }, 'sender.application: the application name is required'],
    ['no receiving facility', { receiver: { application: 'LIS', facility: '' } }, 'receiver.facility: the facility is required'],
    ['no patient id', { patient: { ...SAMPLE_ORDER.patient, id: '' } }, "patient.id: the patient's id is required"],
    ['no last name', { patient: { ...SAMPLE_ORDER.patient, lastName: ' ' } }, "patient.lastName: the patient's last name is required"],
    ['no first name', { patient: { ...SAMPLE_ORDER.patient, firstName: '' } }, "patient.firstName: the patient's first name is required"],
    ['an impossible birth date', { patient: { ...SAMPLE_ORDER.patient, birthDate: '1950-02-30' } }, 'patient.birthDate: "1950-02-30" is not a date of the form YYYY-MM-DD'],
    ['an unknown sex', { patient: { ...SAMPLE_ORDER.patient, sex: 'X' as 'F' } }, 'patient.sex: "X" is not one of F, M, O, U'],
    ['an empty identifier', { patient: { ...SAMPLE_ORDER.patient, identifiers: [{ value: '', type: 'MC' }] } }, 'patient.identifiers[0].value: the identifier is required'],
    ['an NPI with a wrong check digit', { orderingProvider: { ...SAMPLE_ORDER.orderingProvider, npi: '1234567890' } }, 'orderingProvider.npi: "1234567890" is not a valid NPI'],
    ['no provider name', { orderingProvider: { ...SAMPLE_ORDER.orderingProvider, lastName: '' } }, "orderingProvider.lastName: the ordering provider's last name is required"],
    ['no client account', { client: { accountNumber: '', name: 'X' } }, "client.accountNumber: the client's account number is required"],
    ['no client name', { client: { accountNumber: 'C1', name: '' } }, "client.name: the client's name is required"],
    ['an unknown priority', { priority: 'asap' as 'stat' }, 'priority: "asap" is not routine or stat'],
    ['an unknown bill type', { billTo: 'employer' as 'client' }, 'billTo: "employer" is not client, patient or insurance'],
    ['insurance without coverage', { coverages: [] }, 'coverages: insurance billing needs at least one coverage'],
    ['insurance without a diagnosis', { diagnoses: [], tests: [{ code: 'TSH', name: 'TSH' }] }, 'diagnoses: insurance billing needs at least one diagnosis'],
    ['13 diagnoses', { diagnoses: tooMany }, 'diagnoses: at most 12 diagnoses can be sent, got 13'],
    ['a diagnosis that is not ICD-10-CM', { diagnoses: [{ code: 'U07.1X' }, { code: '250.00' }] }, 'diagnoses[0].code: "U07.1X" is not an ICD-10-CM code'],
    ['a coverage without member id', { coverages: [{ ...SAMPLE_ORDER.coverages![0]!, memberId: '' }] }, 'coverages[0].memberId: the member id is required'],
    ['a coverage without payer', { coverages: [{ ...SAMPLE_ORDER.coverages![0]!, payerId: '' }] }, "coverages[0].payerId: the payer's id is required"],
    ['a coverage without payer name', { coverages: [{ ...SAMPLE_ORDER.coverages![0]!, payerName: '' }] }, "coverages[0].payerName: the payer's name is required"],
    ['an insured without name', { coverages: [{ ...SAMPLE_ORDER.coverages![0]!, insured: { lastName: '', firstName: 'A', relationship: 'SEL' } }] }, "coverages[0].insured.lastName: the insured's last name is required"],
    ['an insured born on a bad date', { coverages: [{ ...SAMPLE_ORDER.coverages![0]!, insured: { lastName: 'A', firstName: 'A', relationship: 'SEL', birthDate: '19500203' } }] }, 'coverages[0].insured.birthDate: "19500203" is not a date of the form YYYY-MM-DD'],
    ['an unreadable collection time', { collection: { collectedAt: 'noon' } }, 'collection.collectedAt: "noon" is not a date and time'],
    ['no tests', { tests: [] }, 'tests: an order needs at least one test'],
    ['a test without code', { tests: [{ code: '', name: 'X' }] }, 'tests[0].code: the order code is required'],
    ['a test without name', { tests: [{ code: 'X', name: '' }] }, 'tests[0].name: the test name is required'],
    ['a test twice', { tests: [{ code: 'TSH', name: 'TSH' }, { code: 'TSH', name: 'TSH' }] }, 'tests[1].code: test TSH is ordered twice'],
    ['a declined test', { tests: [{ code: 'TSH', name: 'TSH', abn: { status: 'signed', option: 3, modifier: 'GA' } }] }, 'tests[0].abn.option: the patient declined test TSH (ABN option 3): it must not be sent'],
    ['GA without a signed ABN', { tests: [{ code: 'TSH', name: 'TSH', abn: { status: 'refused', modifier: 'GA' } }] }, 'tests[0].abn.modifier: modifier GA needs a signed ABN'],
    ['a diagnosis pointer to another code', { tests: [{ code: 'TSH', name: 'TSH', diagnosisCodes: ['E03.9'] }] }, "tests[0].diagnosisCodes[0]: E03.9 is not one of the order's diagnoses"],
    ['an answer without question code', { tests: [{ code: 'T', name: 'T', questionAnswers: [{ code: '', question: 'Q', valueType: 'ST', value: 'v' }] }] }, "tests[0].questionAnswers[0].code: the question's code is required"],
    ['an empty answer', { tests: [{ code: 'T', name: 'T', questionAnswers: [{ code: 'Q', question: 'Q', valueType: 'ST', value: '' }] }] }, 'tests[0].questionAnswers[0].value: the answer is required'],
    ['a numeric answer that is not a number', { tests: [{ code: 'T', name: 'T', questionAnswers: [{ code: 'Q', question: 'Q', valueType: 'NM', value: '12h' }] }] }, 'tests[0].questionAnswers[0].value: "12h" is not a number'],
    ['a date answer that is not a date', { tests: [{ code: 'T', name: 'T', questionAnswers: [{ code: 'Q', question: 'Q', valueType: 'DT', value: '11/01/2026' }] }] }, 'tests[0].questionAnswers[0].value: "11/01/2026" is not a date of the form YYYY-MM-DD'],
    ['an unknown answer type', { tests: [{ code: 'T', name: 'T', questionAnswers: [{ code: 'Q', question: 'Q', valueType: 'XX' as 'ST', value: 'v' }] }] }, 'tests[0].questionAnswers[0].valueType: "XX" is not ST, NM, DT or CE'],
    ['no sender at all', { sender: undefined as unknown as OrderMessageInput['sender'] }, 'sender.application: the application name is required'],
    ['no receiver at all', { receiver: undefined as unknown as OrderMessageInput['receiver'] }, 'receiver.application: the application name is required'],
    ['no patient at all', { patient: undefined as unknown as OrderMessageInput['patient'] }, "patient.id: the patient's id is required"],
    ['a patient id that is not text', { patient: { ...SAMPLE_ORDER.patient, id: 42 as unknown as string } }, "patient.id: the patient's id is required"],
    ['no ordering provider at all', { orderingProvider: undefined as unknown as OrderMessageInput['orderingProvider'] }, "orderingProvider.lastName: the ordering provider's last name is required"],
    ['no client at all', { client: undefined as unknown as OrderMessageInput['client'] }, "client.accountNumber: the client's account number is required"],
    ['insurance without a coverages list', { coverages: undefined }, 'coverages: insurance billing needs at least one coverage'],
    ['a coverage without insured', { coverages: [{ ...SAMPLE_ORDER.coverages![0]!, insured: undefined as unknown as PersonName & { relationship: 'SEL' } }] }, "coverages[0].insured.lastName: the insured's last name is required"],
    ['no tests list', { tests: undefined as unknown as OrderMessageInput['tests'] }, 'tests: an order needs at least one test'],
    ['a numeric answer with text before the number', { tests: [{ code: 'T', name: 'T', questionAnswers: [{ code: 'Q', question: 'Q', valueType: 'NM', value: 'h12' }] }] }, 'tests[0].questionAnswers[0].value: "h12" is not a number'],
    ['a numeric answer with a bare dot', { tests: [{ code: 'T', name: 'T', questionAnswers: [{ code: 'Q', question: 'Q', valueType: 'NM', value: '12.' }] }] }, 'tests[0].questionAnswers[0].value: "12." is not a number'],
  ];
  it.each(cases)('%s', (_label, changes, message) => {
    expect(() => buildOrm(order(changes))).toThrow(message);
  });

  it('accepts numeric answers with decimals or a sign, and three-character or padded diagnosis codes', () => {
    const answers = ['1.25', '-3', '10.5'].map((value, i) => ({ code: `Q${i}`, question: 'Q', valueType: 'NM' as const, value }));
    const message = buildOrm(order({ diagnoses: [{ code: ' e11.9 ' }, { code: 'I10' }], tests: [{ code: 'T', name: 'T', questionAnswers: answers, diagnosisCodes: ['i10'] }] }));
    expect(segmentsNamed(message, 'OBX').map((obx) => obx.split('|')[5])).toEqual(['1.25', '-3', '10.5', 'Y^Yes^HL70136']);
    expect(segmentsNamed(message, 'DG1')).toEqual(['DG1|1||I10^^I10|||W']);
  });

  it('accepts exactly 12 diagnoses and diagnosis codes without their dot', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ code: `Z00${String(i).padStart(2, '0')}` }));
    const read = parseOrm(buildOrm(order({ diagnoses: twelve, tests: [{ code: 'TSH', name: 'TSH', diagnosisCodes: ['z0003'] }] })));
    expect(read.tests[0]?.diagnosisCodes).toEqual(['Z00.03']);
  });
});
