import { describe, expect, it } from 'vitest';
import { buildAck, markDuplicate, parseAck } from './ack.ts';
import { buildOrm } from './orm.ts';
import { SAMPLE_ORDER } from './test-data.ts';

const NOW = new Date('2026-11-25T14:31:05Z');
const ORM = buildOrm(SAMPLE_ORDER);

describe('buildAck', () => {
  it('accepts with AA: endpoints swapped, MSA-2 the control ID, no ERR', () => {
    expect(buildAck(ORM, 'AA', 'Order received', { now: NOW, controlId: 'ACK1' }).split('\r')).toEqual([
      'MSH|^~\\&|LIS|05D0000000|LABLINK|CLIENTS|20261125143105+0000||ACK^O01^ACK|ACK1|P|2.5.1||||||UNICODE UTF-8',
      'MSA|AA|R24A7K9QX-N1|Order received',
    ]);
  });

  it('answers AE and AR with an ERR segment: table 0357 code, location, severity and text', () => {
    const ae = buildAck(ORM, 'AE', 'Unknown test code XYZ', { now: NOW, controlId: 'ACK2', errorCode: '103', errorLocation: 'OBR[2]-4' });
    expect(ae.split('\r').slice(1)).toEqual([
      'MSA|AE|R24A7K9QX-N1|Unknown test code XYZ',
      'ERR||OBR^2^4|103^Table value not found^HL70357|E||||Unknown test code XYZ',
    ]);
    const ar = buildAck(ORM, 'AR', 'Processing ID T not accepted', { now: NOW, controlId: 'ACK3', errorCode: '202', errorLocation: 'MSH-11' });
    expect(ar.split('\r')[2]).toBe('ERR||MSH^1^11|202^Unsupported processing id^HL70357|E||||Processing ID T not accepted');
    expect(buildAck(ORM, 'AE', 'Broken', { now: NOW }).split('\r')[2]).toBe('ERR|||207^Application internal error^HL70357|E||||Broken');
  });

  it('echoes the version and processing ID, mirrors an older message type, and makes a fresh control ID', () => {
    const older = 'MSH|^~\\&|APP|FAC|LIS|LAB|20261125||ORM^O01|X9|T|2.3\rPID|1||1';
    const ack = buildAck(older, 'AA', null, { now: NOW });
    const msh = ack.split('\r')[0]!.split('|');
    expect(msh[8]).toBe('ACK^O01');
    expect(msh[10]).toBe('T');
    expect(msh[11]).toBe('2.3');
    expect(msh[9]).toMatch(/^A[0-9A-Z]{5,19}$/);
    expect(ack.split('\r')[1]).toBe('MSA|AA|X9');
  });

  it('can still answer a message whose control ID is missing', () => {
    expect(buildAck('MSH|^~\\&|A|B|C|D|||ORM^O01||P|2.5.1', 'AR', 'MSH-10: missing', { now: NOW }).split('\r')[1]).toBe('MSA|AR||MSH-10: missing');
  });

  it('refuses to answer something that is not a message, or with an unknown code', () => {
    expect(() => buildAck('PID|1', 'AA')).toThrow('cannot acknowledge a message without an MSH segment');
    expect(() => buildAck(ORM, 'CA' as 'AA')).toThrow('MSA-1: "CA" is not AA, AE or AR');
  });
});

describe('parseAck', () => {
  it('reads the code, the acknowledged control ID, the text and the errors', () => {
    const ack = buildAck(ORM, 'AE', 'Unknown test code XYZ', { now: NOW, controlId: 'ACK2', errorCode: '103', errorLocation: 'OBR[2]-4' });
    expect(parseAck(ack)).toEqual({
      code: 'AE',
      acknowledgedControlId: 'R24A7K9QX-N1',
      text: 'Unknown test code XYZ',
      controlId: 'ACK2',
      errors: [{ code: '103', severity: 'E', location: 'OBR[2]-4', message: 'Unknown test code XYZ' }],
      duplicate: false,
    });
  });

  it('takes the text from ERR-8 when MSA-3 is empty (engines of HL7 2.5 and later)', () => {
    const ack = 'MSH|^~\\&|LIS|LAB|APP|FAC|20261125||ACK^O01^ACK|9|P|2.5.1\rMSA|AR|X1\rERR||PID^1^3|101^Required field missing^HL70357|E||||Patient id missing';
    expect(parseAck(ack)).toMatchObject({ code: 'AR', text: 'Patient id missing', errors: [{ code: '101', location: 'PID[1]-3' }] });
    expect(parseAck(ack.replace('|E||||', '|||||')).errors[0]?.severity).toBe('E');
  });

  it('recognises a repeated first answer as a duplicate, keeping its code and text', () => {
    const first = buildAck(ORM, 'AA', 'Order received', { now: NOW, controlId: 'ACK1' });
    const again = markDuplicate(first, NOW);
    expect(again.split('\r').slice(1)).toEqual([
      'MSA|AA|R24A7K9QX-N1|Order received',
      'ERR|||205^Duplicate key identifier^HL70357|I||||Duplicate message control ID R24A7K9QX-N1: already processed, first acknowledgement repeated',
    ]);
    expect(parseAck(again)).toMatchObject({ code: 'AA', acknowledgedControlId: 'R24A7K9QX-N1', text: 'Order received', duplicate: true });
    const firstError = buildAck(ORM, 'AE', 'Bad', { now: NOW, errorCode: '101', errorLocation: 'PID-3' });
    expect(parseAck(markDuplicate(firstError, NOW))).toMatchObject({
      code: 'AE',
      duplicate: true,
      errors: [{ code: '101', location: 'PID[1]-3' }, { code: '205', severity: 'I' }],
    });
  });

  it('refuses what is not an acknowledgement', () => {
    expect(() => parseAck(ORM)).toThrow('MSH-9: expected an ACK, got ORM');
    expect(() => parseAck('MSH|^~\\&|A|B|C|D|20261125||ACK|1|P|2.5.1')).toThrow('the ACK has no MSA segment');
    expect(() => parseAck('MSH|^~\\&|A|B|C|D|20261125||ACK|1|P|2.5.1\rMSA|OK|1')).toThrow('MSA-1: "OK" is not AA, AE or AR');
    expect(() => parseAck('MSH|^~\\&|A|B|C|D|20261125||ACK|1|P|2.5.1\rMSA|AA')).toThrow('MSA-2: the acknowledged message control ID is missing');
  });
});
