import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { formatHl7Date, formatHl7Time, parseHl7Date, parseHl7Time } from './datetime.ts';
import { escapeValue, unescapeValue } from './escape.ts';
import { encodeField, segment, segmentViews } from './fields.ts';
import { Hl7Message } from './library.ts';
import { header, parseMessage, serialize } from './message.ts';

describe('escape sequences', () => {
  it('escapes each delimiter, the escape character and line breaks', () => {
    expect(escapeValue('a|b^c&d~e\\f\r\ng')).toBe('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f\\.br\\g');
  });

  it('decodes delimiters, line breaks and hex, and drops formatting codes', () => {
    expect(unescapeValue('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f\\.br\\g')).toBe('a|b^c&d~e\\f\ng');
    expect(unescapeValue('caf\\XC3A9\\ \\H\\bold\\N\\')).toBe('café bold');
    expect(unescapeValue('half \\F')).toBe('half \\F');
    expect(unescapeValue('plain')).toBe('plain');
  });

  it('gives back any text it escaped', () => {
    fc.assert(fc.property(fc.string(), (text) => unescapeValue(escapeValue(text)) === text.replace(/\r\n?/g, (m) => (m === '\r\n' ? '\n' : ''))));
  });
});

describe('dates and times', () => {
  it('formats an instant at an offset, to the second', () => {
    expect(formatHl7Time('2026-01-01T04:30:59.999Z', -300)).toBe('20251231233059-0500');
    expect(formatHl7Time(new Date('2026-06-01T00:00:00Z'), 90)).toBe('20260601013000+0130');
    expect(() => formatHl7Time('2026-01-01T00:00:00Z', 15 * 60)).toThrow('UTC offset 900 minutes is out of range');
    expect(() => formatHl7Time('2026-01-01T00:00:00Z', 1.5)).toThrow('UTC offset 1.5 minutes is out of range');
  });

  it('reads every precision, with or without offset, as UTC', () => {
    expect(parseHl7Time('2026')).toBe('2026-01-01T00:00:00.000Z');
    expect(parseHl7Time('202611')).toBe('2026-11-01T00:00:00.000Z');
    expect(parseHl7Time('20261125')).toBe('2026-11-25T00:00:00.000Z');
    expect(parseHl7Time('2026112513')).toBe('2026-11-25T13:00:00.000Z');
    expect(parseHl7Time('202611251305')).toBe('2026-11-25T13:05:00.000Z');
    expect(parseHl7Time('20261125130559.25-0500')).toBe('2026-11-25T18:05:59.250Z');
    expect(parseHl7Time('20261125130559+0530')).toBe('2026-11-25T07:35:59.000Z');
  });

  it('refuses times and dates that do not exist', () => {
    expect(() => parseHl7Time('20260230', 'OBR[1]-7')).toThrow('OBR[1]-7: "20260230" is not a valid HL7 time');
    expect(() => parseHl7Time('2026112524')).toThrow('"2026112524" is not a valid HL7 time');
    expect(() => parseHl7Time('202611251260')).toThrow('"202611251260" is not a valid HL7 time');
    expect(() => parseHl7Time('20261125125960')).toThrow('"20261125125960" is not a valid HL7 time');
    expect(() => parseHl7Time('20261125+1500')).toThrow('"20261125+1500" is not a valid HL7 time');
    expect(() => parseHl7Time('20261125+0060')).toThrow('"20261125+0060" is not a valid HL7 time');
    expect(() => parseHl7Time('2026-11-25')).toThrow('"2026-11-25" is not an HL7 time (YYYYMMDDHHMMSS[+/-ZZZZ])');
    expect(() => formatHl7Time('not a time')).toThrow('"not a time" is not a date and time');
  });

  it('converts calendar dates both ways and refuses impossible ones', () => {
    expect(formatHl7Date('2024-02-29')).toBe('20240229');
    expect(parseHl7Date('20240229')).toBe('2024-02-29');
    expect(() => formatHl7Date('2023-02-29', 'patient.birthDate')).toThrow('patient.birthDate: "2023-02-29" is not a date of the form YYYY-MM-DD');
    expect(() => parseHl7Date('2023-02-01')).toThrow('"2023-02-01" is not a date of the form YYYYMMDD');
    expect(() => parseHl7Date('20231301')).toThrow('"20231301" is not a date of the form YYYYMMDD');
  });
});

describe('fields and segments', () => {
  it('encodes plain values, components, subcomponents and repetitions, trimming empty tails', () => {
    expect(encodeField(null)).toBe('');
    expect(encodeField('a^b')).toBe('a\\S\\b');
    expect(encodeField(['a', null, ['x', 'y', null], null])).toBe('a^^x&y');
    expect(encodeField({ repeat: [['1', 'A'], ['2'], []] })).toBe('1^A~2');
  });

  it('builds a segment by field number, and reads it back by position', () => {
    const pid = segment('PID', { 1: '1', 3: { repeat: [['X1', null, null, 'AUTH', 'MR'], ['Y&2']] }, 5: ['Roe', 'Sam'] });
    expect(pid.toString()).toBe('PID|1||X1^^^AUTH^MR~Y\\T\\2||Roe^Sam');
    const message = Hl7Message.parse(`MSH|^~\\&|A|B|C|D|||ADT^A01|1|P|2.5.1\r${pid.toString()}`);
    const view = segmentViews(message)[1]!;
    expect(view.repetitionCount(3)).toBe(2);
    expect(view.repetitionCount(2)).toBe(0);
    expect(view.repetitionCount(40)).toBe(0);
    expect(view.text(3, 4, undefined, 0)).toBe('AUTH');
    expect(view.text(3, 1, undefined, 1)).toBe('Y&2');
    expect(view.text(5, 2)).toBe('Sam');
    expect(view.text(5, 9)).toBe('');
    expect(view.text(3, 1, undefined, 5)).toBe('');
    expect(view.rawText(3)).toBe('X1^^^AUTH^MR~Y\\T\\2');
    expect(view.location(3, 4)).toBe('PID-3.4');
    expect(view.location(5, 1)).toBe('PID-5');
  });

  it('reads subcomponents by position', () => {
    const message = Hl7Message.parse('MSH|^~\\&|A|B|C|D|||ORM^O01|1|P|2.5.1\rORC|NW|||||||||||1^D^J^^^^^^NPI&2.16&ISO');
    const orc = segmentViews(message)[1]!;
    expect(orc.text(12, 9, 1)).toBe('NPI');
    expect(orc.text(12, 9, 2)).toBe('2.16');
    expect(orc.text(12, 9, 4)).toBe('');
    expect(orc.location()).toBe('ORC[1]');
  });

  it('refuses a segment name that is not three capitals or digits', () => {
    expect(() => segment('Pid', {})).toThrow('"Pid" is not a segment name');
  });
});

describe('messages', () => {
  const msh = header({
    sender: { application: 'A', facility: 'B' },
    receiver: { application: 'C', facility: 'D' },
    time: '20261125',
    type: ['ADT', 'A01', 'ADT_A01'],
    controlId: '12345678901234567890',
    processingId: 'T',
  });

  it('writes an MSH with the encoding characters and joins segments with CR', () => {
    expect(serialize([msh, segment('EVN', { 1: 'A01' })])).toBe('MSH|^~\\&|A|B|C|D|20261125||ADT^A01^ADT_A01|12345678901234567890|T|2.5.1||||||UNICODE UTF-8\rEVN|A01');
  });

  it('refuses a control ID that is empty or longer than 20 characters', () => {
    const make = (controlId: string) => () => header({ sender: { application: 'A', facility: 'B' }, receiver: { application: 'C', facility: 'D' }, time: '2026', type: ['ACK', '', ''], controlId, processingId: 'P' });
    expect(make('123456789012345678901')).toThrow('MSH-10: the message control ID must be 1 to 20 characters, got "123456789012345678901"');
    expect(make('')).toThrow('MSH-10: the message control ID must be 1 to 20 characters, got ""');
  });

  it('parses the header essentials', () => {
    const parsed = parseMessage(serialize([msh]));
    expect(parsed).toMatchObject({
      messageCode: 'ADT',
      triggerEvent: 'A01',
      structure: 'ADT_A01',
      controlId: '12345678901234567890',
      processingId: 'T',
      version: '2.5.1',
      sender: { application: 'A', facility: 'B' },
      receiver: { application: 'C', facility: 'D' },
      sentAt: '2026-11-25T00:00:00.000Z',
    });
    expect(parseMessage('MSH|^~\\&|A|B|C|D|||ADT^A01|1|P|2.5.1').sentAt).toBeNull();
    expect(() => parseMessage('MSH|^~\\&|A|B|C|D|||||P|2.5.1')).toThrow('MSH-9: the message type is missing');
    expect(() => parseMessage('   \n')).toThrow('the message is empty');
    expect(() => parseMessage('MSH|^^\\&|A')).toThrow('MSH-2: MSH-1 and MSH-2 must give five distinct delimiter characters');
    expect(() => parseMessage('MSH|^~\\&A|A')).toThrow('MSH-2: MSH-1 and MSH-2 must give five distinct delimiter characters');
    expect(() => parseMessage('MSH|^~\\')).toThrow('MSH-2: MSH-1 and MSH-2 must give five distinct delimiter characters');
  });

  it('reads a message with other delimiters', () => {
    const parsed = parseMessage('MSH#*@!%#A#B#C#D###ORU*R01#7#P#2.5.1\rPID#1##X1*!S!*A');
    expect(parsed.messageCode).toBe('ORU');
    expect(parsed.segments[1]!.text(3, 2)).toBe('*');
  });
});

describe('base64', () => {
  it('round-trips bytes, in chunks larger than one call can take', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(bytesToBase64(new TextEncoder().encode('Man'))).toBe('TWFu');
    expect(base64ToBytes('TW Fu\n')).toEqual(new TextEncoder().encode('Man'));
    expect(base64ToBytes('TWF')).toBeNull();
    expect(base64ToBytes('TW=u')).toBeNull();
  });
});
