import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { buildOru, type OruInput } from './oru-build.ts';
import { parseOru } from './oru-parse.ts';
import { isCriticalFlag } from './result-types.ts';
import { SAMPLE_PDF } from './test-data.ts';

const PDF_BASE64 = Buffer.from(SAMPLE_PDF).toString('base64');

/** As a reference laboratory's engine sends it: CR between segments, two orders, a PDF. */
const LAB_ORU = [
  'MSH|^~\\&|LIS|05D0000000|LABLINK|CLIENTS|20261126081512-0500||ORU^R01^ORU_R01|LIS000184|P|2.5.1',
  "PID|1||P-1001^^^LABLINK^MR~1EG4TE5MK73^^^CMS^MC||O'Brien^Mary^K||19500203|F",
  'ORC|RE|R24A7K9QX^LABLINK|A26110512^LIS||CM',
  'OBR|1|R24A7K9QX^LABLINK|A26110512^LIS|HBA1C^Hemoglobin A1c^L|||20261125090000-0500|||||||||||||||20261126080000-0500|||F',
  'OBX|1|NM|4548-4^Hemoglobin A1c/Hemoglobin.total in Blood^LN||7.9|%^%^UCUM|4.0-5.6|H|||F|||20261126075500-0500',
  'NTE|1|L|Result confirmed by repeat analysis.',
  'ORC|RE|R24A7K9QX^LABLINK|A26110513^LIS||IP',
  'OBR|2|R24A7K9QX^LABLINK|A26110513^LIS|LIPID^Lipid Panel^L|||20261125090000-0500|||||||||||||||20261126080500-0500|||P',
  'NTE|1|L|Specimen slightly lipemic.',
  'OBX|1|NM|2093-3^Cholesterol [Mass/volume] in Serum or Plasma^LN||212|mg/dL|<200|H|||F',
  'OBX|2|NM|2571-8^Triglyceride [Mass/volume] in Serum or Plasma^LN||1020|mg/dL|<150|HH~A|||P',
  'OBX|3|SN|2085-9^HDL Cholesterol^LN||<^20|mg/dL|>39|L|||C',
  'OBX|4|CWE|5778-6^Color of Urine^LN||YEL^Yellow^L||||||F',
  'OBX|5|TX|8251-1^Service comment^LN||Line one~Line \\T\\ two||||||F',
  `OBX|6|ED|PDF^Laboratory report^L||^AP^PDF^Base64^${PDF_BASE64}||||||F`,
].join('\r');

describe('parseOru', () => {
  const result = parseOru(LAB_ORU);

  it('reads the header and the patient', () => {
    expect(result).toMatchObject({
      controlId: 'LIS000184',
      sentAt: '2026-11-26T13:15:12.000Z',
      sender: { application: 'LIS', facility: '05D0000000' },
      receiver: { application: 'LABLINK', facility: 'CLIENTS' },
      version: '2.5.1',
    });
    expect(result.patient).toEqual({
      id: 'P-1001',
      identifiers: [
        { value: 'P-1001', type: 'MR', authority: 'LABLINK' },
        { value: '1EG4TE5MK73', type: 'MC', authority: 'CMS' },
      ],
      lastName: "O'Brien",
      firstName: 'Mary',
      middleName: 'K',
      birthDate: '1950-02-03',
      sex: 'F',
    });
  });

  it('reads each order with its placer number, test code, statuses and times', () => {
    expect(result.orders.map(({ observations: _o, ...order }) => order)).toEqual([
      {
        placerOrderNumber: 'R24A7K9QX',
        fillerOrderNumber: 'A26110512',
        testCode: 'HBA1C',
        testName: 'Hemoglobin A1c',
        testCodingSystem: 'L',
        orderControl: 'RE',
        orderStatus: 'CM',
        resultStatus: 'F',
        collectedAt: '2026-11-25T14:00:00.000Z',
        resultedAt: '2026-11-26T13:00:00.000Z',
        comments: [],
      },
      {
        placerOrderNumber: 'R24A7K9QX',
        fillerOrderNumber: 'A26110513',
        testCode: 'LIPID',
        testName: 'Lipid Panel',
        testCodingSystem: 'L',
        orderControl: 'RE',
        orderStatus: 'IP',
        resultStatus: 'P',
        collectedAt: '2026-11-25T14:00:00.000Z',
        resultedAt: '2026-11-26T13:05:00.000Z',
        comments: ['Specimen slightly lipemic.'],
      },
    ]);
  });

  it('reads a numeric observation with LOINC code, units, range, flag, status, time and note', () => {
    expect(result.orders[0]?.observations).toEqual([
      {
        setId: 1,
        valueType: 'NM',
        code: '4548-4',
        codeText: 'Hemoglobin A1c/Hemoglobin.total in Blood',
        codeSystem: 'LN',
        subId: null,
        value: '7.9',
        numericValue: 7.9,
        coded: null,
        attachment: null,
        units: '%',
        referenceRange: '4.0-5.6',
        abnormalFlags: ['H'],
        status: 'F',
        observedAt: '2026-11-26T12:55:00.000Z',
        comments: ['Result confirmed by repeat analysis.'],
      },
    ]);
  });

  it('reads repeated flags, structured numbers, coded and text values, and falls back to the collection time', () => {
    const [chol, trig, hdl, color, comment] = result.orders[1]!.observations;
    expect(chol).toMatchObject({ value: '212', numericValue: 212, referenceRange: '<200', abnormalFlags: ['H'], status: 'F', observedAt: '2026-11-25T14:00:00.000Z' });
    expect(trig).toMatchObject({ numericValue: 1020, abnormalFlags: ['HH', 'A'], status: 'P' });
    expect(trig!.abnormalFlags.some(isCriticalFlag)).toBe(true);
    expect(chol!.abnormalFlags.some(isCriticalFlag)).toBe(false);
    expect(hdl).toMatchObject({ valueType: 'SN', value: '<20', numericValue: null, abnormalFlags: ['L'], status: 'C' });
    expect(color).toMatchObject({ value: 'Yellow', coded: { code: 'YEL', text: 'Yellow', system: 'L' }, abnormalFlags: [] });
    expect(comment).toMatchObject({ value: 'Line one\nLine & two', units: null, referenceRange: null });
  });

  it('decodes an ED observation holding a PDF into its bytes', () => {
    const report = result.orders[1]!.observations[5]!;
    expect(report.value).toBeNull();
    expect(report.attachment?.mediaType).toBe('application/pdf');
    expect(Array.from(report.attachment!.data)).toEqual(Array.from(SAMPLE_PDF));
  });

  it('reads segments separated by LF or CRLF, and a message ending in a separator', () => {
    expect(parseOru(`${LAB_ORU.replace(/\r/g, '\n')}\n`).orders).toHaveLength(2);
    expect(parseOru(`${LAB_ORU.replace(/\r/g, '\r\n')}\r\n`).controlId).toBe('LIS000184');
  });

  it('reads an unsolicited result: no placer order number', () => {
    const unsolicited = parseOru(
      [
        'MSH|^~\\&|LIS|LAB|LABLINK|CLIENTS|20261126||ORU^R01|U1|P|2.3',
        'PID|||9912^^^LIS||ROE^SAM||19800101|M',
        'OBR|1||A1^LIS|TSH^TSH^L|||20261126',
        'OBX|1|NM|3016-3^TSH^LN||2.1|mIU/L|0.45-4.5|N|||F',
      ].join('\r'),
    );
    expect(unsolicited.orders[0]).toMatchObject({ placerOrderNumber: null, fillerOrderNumber: 'A1', orderControl: null, resultStatus: null });
    expect(unsolicited.patient).toMatchObject({ id: '9912', sex: 'M', birthDate: '1980-01-01' });
    expect(unsolicited.orders[0]!.observations[0]).toMatchObject({ abnormalFlags: ['N'], observedAt: '2026-11-26T00:00:00.000Z' });
  });
});

// Locations count a segment's occurrences in the whole message: OBX[7] is the seventh OBX.
describe('parseOru refuses malformed results with the place and the reason', () => {
  const replace = (segmentStart: string, replacement: string | null) =>
    LAB_ORU.split('\r')
      .flatMap((line) => (line.startsWith(segmentStart) ? (replacement === null ? [] : [replacement]) : [line]))
      .join('\r');
  const cases: Array<[string, string, string]> = [
    ['an empty text', '', 'the message is empty'],
    ['text that is not HL7', 'hello world', 'the message must start with an MSH segment, not "hello world"'],
    ['bad delimiters', 'MSH|^~\\\\|LIS', 'MSH-2: MSH-1 and MSH-2 must give five distinct delimiter characters (normally |^~\\&)'],
    ['a bad segment name', `${LAB_ORU}\rxx|1`, 'segment 16 has no valid segment name ("xx|1")'],
    ['an order message', LAB_ORU.replace('ORU^R01^ORU_R01', 'ORM^O01^ORM_O01'), 'MSH-9: expected an ORU^R01, got ORM^O01'],
    ['no control ID', LAB_ORU.replace('|LIS000184|', '||'), 'MSH-10: the message control ID is missing'],
    ['no version', LAB_ORU.replace('|P|2.5.1', '|P|'), 'MSH-12: the version ID is missing'],
    ['an impossible send time', LAB_ORU.replace('20261126081512-0500', '20261332081512'), 'MSH-7: "20261332081512" is not a valid HL7 time'],
    ['no PID', replace('PID|', null), 'the message has no PID segment'],
    ['two patients', replace('PID|', `PID|1||A^^^X||A^B\rPID|2||B^^^X||C^D`), 'one patient per message is supported; this one has several PID segments'],
    ['a patient without identifier', replace('PID|', 'PID|1||||ROE^SAM'), "PID-3: the patient's identifier is missing"],
    ['a patient without name', replace('PID|', 'PID|1||X^^^LIS'), "PID-5: the patient's name is missing"],
    ['a birth date that is not a date', replace('PID|', 'PID|1||X^^^LIS||A^B||19501302'), 'PID-7: "19501302" is not a date of the form YYYYMMDD'],
    ['no OBR', LAB_ORU.split('\r').slice(0, 2).join('\r'), 'the message has no OBR segment'],
    ['an OBX before any OBR', LAB_ORU.split('\r').filter((l) => !l.startsWith('OBR') && !l.startsWith('ORC')).join('\r'), 'OBX[1]: an OBX must follow an OBR'],
    ['an OBR without test code', replace('OBR|1|', 'OBR|1|R24A7K9QX||'), 'OBR[1]-4: the universal service identifier (test code) is missing'],
    ['an unknown order result status', LAB_ORU.replace('|||F\rOBX|1|NM|4548', '|||Q\rOBX|1|NM|4548'), 'OBR[1]-25: "Q" is not a result status of HL7 table 0123'],
    ['a numeric value that is not a number', LAB_ORU.replace('||7.9|', '||7,9|'), 'OBX[1]-5: "7,9" is not a number (value type NM)'],
    ['a structured number that is not a number', LAB_ORU.replace('||<^20|', '||<^twenty|'), 'OBX[4]-5.2: "twenty" is not a number (value type SN)'],
    ['an unknown abnormal flag', LAB_ORU.replace('|4.0-5.6|H|', '|4.0-5.6|HIGH|'), 'OBX[1]-8: "HIGH" is not an abnormal flag of HL7 table 0078'],
    ['no observation status', LAB_ORU.replace('|4.0-5.6|H|||F|', '|4.0-5.6|H||||'), 'OBX[1]-11: the observation result status is missing'],
    ['an unknown observation status', LAB_ORU.replace('|4.0-5.6|H|||F|', '|4.0-5.6|H|||Z|'), 'OBX[1]-11: "Z" is not a result status of HL7 table 0085'],
    ['no value type', LAB_ORU.replace('OBX|1|NM|4548', 'OBX|1||4548'), 'OBX[1]-2: the value type is missing'],
    ['no observation code', LAB_ORU.replace('OBX|1|NM|4548-4^Hemoglobin A1c/Hemoglobin.total in Blood^LN|', 'OBX|1|NM||'), 'OBX[1]-3: the observation identifier is missing'],
    ['a bad observation time', LAB_ORU.replace('20261126075500-0500', '2026112675'), 'OBX[1]-14: "2026112675" is not a valid HL7 time'],
    ['a PDF that is not Base64', LAB_ORU.replace(PDF_BASE64, 'not*base64'), 'OBX[7]-5.5: the encapsulated data is not valid Base64'],
    ['an empty PDF', LAB_ORU.replace(PDF_BASE64, ''), 'OBX[7]-5.5: the encapsulated data is not valid Base64'],
    ['a PDF in another encoding', LAB_ORU.replace('^Base64^', '^Hex^'), 'OBX[7]-5.4: encapsulated data must be Base64, not "Hex"'],
  ];
  it.each(cases)('%s', (_label, text, message) => {
    expect(() => parseOru(text)).toThrow(message);
  });
});

describe('buildOru', () => {
  const input: OruInput = {
    controlId: 'LIS000185',
    sentAt: '2026-11-26T13:15:12Z',
    sender: { application: 'LIS', facility: '05D0000000' },
    receiver: { application: 'LABLINK', facility: 'CLIENTS' },
    patient: { id: 'P-1001', authority: 'LABLINK', lastName: "O'Brien", firstName: 'Mary', birthDate: '1950-02-03', sex: 'F' },
    orders: [
      {
        placerOrderNumber: 'R24A7K9QX',
        placerNamespace: 'LABLINK',
        fillerOrderNumber: 'A26110512',
        testCode: 'BMP',
        testName: 'Basic metabolic panel',
        resultStatus: 'F',
        collectedAt: '2026-11-25T14:00:00Z',
        resultedAt: '2026-11-26T13:00:00Z',
        comments: ['Hemolyzed ^ slightly'],
        observations: [
          { valueType: 'NM', code: '2823-3', codeText: 'Potassium', value: '6.8', units: 'mmol/L', referenceRange: '3.5-5.2', abnormalFlags: ['HH'], status: 'F', comments: ['Called to Dr Doe'] },
          { valueType: 'SN', code: '2160-0', codeText: 'Creatinine', value: '<0.2', units: 'mg/dL', status: 'P' },
          { valueType: 'CWE', code: '5778-6', codeText: 'Color', value: { code: 'YEL', text: 'Yellow', system: 'L' }, status: 'F' },
          { valueType: 'DT', code: '8665-2', codeText: 'Last menstrual period', value: '2026-11-01', status: 'F' },
          { valueType: 'ED', code: 'PDF', codeText: 'Report', codeSystem: 'L', value: { mediaType: 'application/pdf', data: SAMPLE_PDF }, status: 'F' },
        ],
      },
    ],
  };

  it('writes the message a laboratory sends', () => {
    const lines = buildOru(input).split('\r');
    expect(lines.slice(0, 7)).toEqual([
      'MSH|^~\\&|LIS|05D0000000|LABLINK|CLIENTS|20261126131512+0000||ORU^R01^ORU_R01|LIS000185|P|2.5.1||||||UNICODE UTF-8',
      "PID|1||P-1001^^^LABLINK^MR||O'Brien^Mary||19500203|F",
      'ORC|RE|R24A7K9QX^LABLINK|A26110512^LIS||CM',
      'OBR|1|R24A7K9QX^LABLINK|A26110512^LIS|BMP^Basic metabolic panel^L|||20261125140000+0000|||||||||||||||20261126130000+0000|||F',
      'NTE|1|L|Hemolyzed \\S\\ slightly',
      'OBX|1|NM|2823-3^Potassium^LN||6.8|mmol/L^mmol/L^UCUM|3.5-5.2|HH|||F|||20261125140000+0000',
      'NTE|1|L|Called to Dr Doe',
    ]);
    expect(lines[7]).toBe('OBX|2|SN|2160-0^Creatinine^LN||<^0.2|mg/dL^mg/dL^UCUM|||||P|||20261125140000+0000');
    expect(lines[10]).toBe(`OBX|5|ED|PDF^Report^L||^AP^Octet-stream^Base64^${PDF_BASE64}||||||F|||20261125140000+0000`);
  });

  it('is read back by parseOru as it was written', () => {
    const read = parseOru(buildOru(input));
    const order = read.orders[0]!;
    expect(order).toMatchObject({ placerOrderNumber: 'R24A7K9QX', fillerOrderNumber: 'A26110512', orderStatus: 'CM', comments: ['Hemolyzed ^ slightly'] });
    expect(order.observations.map((o) => [o.code, o.value, o.numericValue, o.status])).toEqual([
      ['2823-3', '6.8', 6.8, 'F'],
      ['2160-0', '<0.2', null, 'P'],
      ['5778-6', 'Yellow', null, 'F'],
      ['8665-2', '2026-11-01', null, 'F'],
      ['PDF', null, null, 'F'],
    ]);
    expect(Array.from(order.observations[4]!.attachment!.data)).toEqual(Array.from(SAMPLE_PDF));
    expect(order.observations[0]!.comments).toEqual(['Called to Dr Doe']);
  });

  it('marks a preliminary order in process and refuses values that do not fit their type', () => {
    const preliminary = buildOru({ ...input, orders: [{ ...input.orders[0]!, resultStatus: 'P', observations: [] }] });
    expect(preliminary.split('\r')[2]).toBe('ORC|RE|R24A7K9QX^LABLINK|A26110512^LIS||IP');
    const withValue = (observation: OruInput['orders'][0]['observations'][0]) => () =>
      buildOru({ ...input, orders: [{ ...input.orders[0]!, observations: [observation] }] });
    expect(withValue({ valueType: 'NM', code: 'X', codeText: 'X', value: 'high', status: 'F' })).toThrow('orders[0].observations[0].value: "high" is not a number');
    expect(withValue({ valueType: 'SN', code: 'X', codeText: 'X', value: 'about 5', status: 'F' })).toThrow('orders[0].observations[0].value: "about 5" is not a structured numeric value');
    expect(withValue({ valueType: 'ED', code: 'X', codeText: 'X', value: 'text', status: 'F' })).toThrow('orders[0].observations[0].value: an ED value must be an attachment');
    expect(withValue({ valueType: 'CWE', code: 'X', codeText: 'X', value: 'text', status: 'F' })).toThrow('orders[0].observations[0].value: a CWE value must be a coded value');
    expect(withValue({ valueType: 'ST', code: 'X', codeText: 'X', value: { code: 'A', text: 'A', system: 'L' }, status: 'F' })).toThrow('orders[0].observations[0].value: a ST value must be text');
    expect(() => buildOru({ ...input, orders: [] })).toThrow('orders: a result message needs at least one order');
    // ED.5 is TX: at most 65,536 characters of Base64 in v2.5.1.
    const large = { mediaType: 'application/pdf', data: new Uint8Array(49_153) };
    expect(withValue({ valueType: 'ED', code: '11502-2', codeText: 'Laboratory report', value: large, status: 'F' })).toThrow('orders[0].observations[0].value: the attachment is 65540 characters of Base64, more than the 65536 an ED may carry in v2.5.1');
  });

  it('reads a PDF report by its bytes, whatever subtype the laboratory gives it', () => {
    const ed = (subtype: string) => LAB_ORU.replace(/\^AP\^[^^]*\^Base64\^/, `^AP^${subtype}^Base64^`);
    for (const subtype of ['PDF', 'Octet-stream', '', 'pdf']) {
      const report = parseOru(ed(subtype)).orders.flatMap((o) => o.observations).find((o) => o.valueType === 'ED');
      expect(report?.attachment?.mediaType).toBe('application/pdf');
    }
  });
});
