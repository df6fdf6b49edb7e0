// A strict HL7 v2.5.1 conformance check, independent of the product's builders and parser:
// the message is split on its own delimiters here, then every segment is checked against the
// message structure (ORM_O01, ORU_R01, ACK), every field this product writes against its
// data type (components, subcomponents, lengths, date and number formats, escape sequences)
// and against its HL7 table (v251-tables.ts), required fields, and the character set: a
// message with characters beyond ASCII must declare it in MSH-18. Test support only: the
// unit tests run every ORM the product builds through it, and the simulator's ORU and ACKs.
import { isCodingSystem, TABLES } from './v251-tables.ts';

export interface ConformanceProblem {
  /** "OBR[1]-16.7", "MSH-18", "segments". */
  location: string;
  problem: string;
}

type Primitive = 'ST' | 'ID' | 'IS' | 'NM' | 'SI' | 'DT' | 'DTM' | 'TX' | 'FT';
/** A component: its type and table ('0396' reads as "a coding system"). */
interface Part { type: Primitive | Composite; table?: string }
type Composite = 'HD' | 'EI' | 'CE' | 'CX' | 'XPN' | 'XAD' | 'XTN' | 'XCN' | 'XON' | 'MSG' | 'PT' | 'VID' | 'TS' | 'TQ' | 'ED' | 'ERL' | 'SN';

const p = (type: Part['type'], table?: string): Part => ({ type, ...(table ? { table } : {}) });
const ST = p('ST');

const COMPOSITES: Record<Composite, Part[]> = {
  HD: [p('IS'), ST, p('ID', '0301')],
  EI: [ST, p('IS'), ST, p('ID', '0301')],
  CE: [ST, ST, p('ID', '0396'), ST, ST, p('ID', '0396')],
  CX: [ST, ST, p('ID', '0061'), p('HD'), p('ID', '0203'), p('HD')],
  XPN: [ST, ST, ST, ST, ST, p('IS'), p('ID', '0200')],
  XAD: [ST, ST, ST, ST, ST, p('ID', '0399'), p('ID', '0190')],
  XTN: [ST, p('ID', '0201'), p('ID', '0202'), ST, p('NM'), p('NM'), p('NM'), p('NM'), ST],
  XCN: [ST, ST, ST, ST, ST, ST, p('IS', '0360'), p('IS'), p('HD'), p('ID', '0200'), ST, p('ID', '0061'), p('ID', '0203'), p('HD'), p('ID'), p('CE'), ST, p('ID'), ST, p('CE'), ST],
  XON: [ST, p('IS'), p('NM'), p('NM'), p('ID'), p('HD'), p('ID', '0203'), p('HD'), p('ID'), ST],
  MSG: [p('ID', '0076'), p('ID', '0003'), p('ID', '0354')],
  PT: [p('ID', '0103'), p('ID', '0207')],
  VID: [p('ID', '0104'), p('CE'), p('CE')],
  TS: [p('DTM'), p('ID')],
  // TQ (OBR-27): component 6 the priority, table 0027.
  TQ: [ST, ST, ST, p('TS'), p('TS'), p('ST', '0027')],
  ED: [p('HD'), p('ID', '0191'), p('ID', '0291'), p('ID', '0299'), p('TX')],
  ERL: [ST, p('NM'), p('NM'), p('NM'), p('NM'), p('NM')],
  SN: [ST, p('NM'), ST, p('NM')],
};

interface FieldSpec { type: Part['type'] | 'varies'; table?: string; required?: boolean; repeat?: boolean; max?: number; firstComponentTable?: string }
type SegmentSpec = { fields: number; spec: Record<number, FieldSpec> };
const f = (type: FieldSpec['type'], extra: Omit<FieldSpec, 'type'> = {}): FieldSpec => ({ type, ...extra });

const SEGMENTS: Record<string, SegmentSpec> = {
  MSH: { fields: 21, spec: { 3: f('HD'), 4: f('HD'), 5: f('HD'), 6: f('HD'), 7: f('TS', { required: true }), 9: f('MSG', { required: true }), 10: f('ST', { required: true, max: 20 }), 11: f('PT', { required: true }), 12: f('VID', { required: true }), 15: f('ID', { table: '0155' }), 16: f('ID', { table: '0155' }), 18: f('ID', { table: '0211', repeat: true }) } },
  PID: { fields: 39, spec: { 1: f('SI'), 3: f('CX', { required: true, repeat: true }), 5: f('XPN', { required: true, repeat: true }), 7: f('TS'), 8: f('IS', { table: '0001' }), 11: f('XAD', { repeat: true }), 13: f('XTN', { repeat: true }) } },
  PV1: { fields: 52, spec: { 1: f('SI'), 2: f('IS', { required: true, table: '0004' }), 20: f('ST') } },
  IN1: { fields: 53, spec: { 1: f('SI', { required: true }), 2: f('CE', { required: true }), 3: f('CX', { required: true, repeat: true }), 4: f('XON', { repeat: true }), 5: f('XAD', { repeat: true }), 8: f('ST'), 15: f('IS'), 16: f('XPN', { repeat: true }), 17: f('CE', { firstComponentTable: '0063' }), 18: f('TS'), 36: f('ST') } },
  GT1: { fields: 57, spec: { 1: f('SI', { required: true }), 3: f('XPN', { required: true, repeat: true }), 5: f('XAD', { repeat: true }), 6: f('XTN', { repeat: true }), 11: f('CE', { firstComponentTable: '0063' }) } },
  ORC: { fields: 31, spec: { 1: f('ID', { required: true, table: '0119' }), 2: f('EI'), 3: f('EI'), 4: f('EI'), 5: f('ID', { table: '0038' }), 9: f('TS'), 12: f('XCN', { repeat: true }), 16: f('CE'), 21: f('XON', { repeat: true }), 22: f('XAD', { repeat: true }), 23: f('XTN', { repeat: true }) } },
  OBR: { fields: 50, spec: { 1: f('SI'), 2: f('EI'), 3: f('EI'), 4: f('CE', { required: true }), 7: f('TS'), 10: f('XCN', { repeat: true }), 11: f('ID', { table: '0065' }), 16: f('XCN', { repeat: true }), 22: f('TS'), 25: f('ID', { table: '0123' }), 27: f('TQ', { repeat: true }), 44: f('CE'), 45: f('CE', { repeat: true }) } },
  NTE: { fields: 4, spec: { 1: f('SI'), 2: f('ID', { table: '0105' }), 3: f('FT', { repeat: true }) } },
  DG1: { fields: 21, spec: { 1: f('SI', { required: true }), 3: f('CE'), 6: f('IS', { required: true, table: '0052' }) } },
  OBX: { fields: 25, spec: { 1: f('SI'), 2: f('ID', { table: '0125' }), 3: f('CE', { required: true }), 4: f('ST'), 5: f('varies', { repeat: true }), 6: f('CE'), 7: f('ST'), 8: f('IS', { table: '0078', repeat: true }), 11: f('ID', { required: true, table: '0085' }), 14: f('TS') } },
  MSA: { fields: 6, spec: { 1: f('ID', { required: true, table: '0008' }), 2: f('ST', { required: true, max: 20 }), 3: f('ST') } },
  ERR: { fields: 12, spec: { 2: f('ERL', { repeat: true }), 3: f('CE', { required: true, firstComponentTable: '0357' }), 4: f('ID', { required: true, table: '0516' }), 8: f('TX') } },
};

const STRUCTURES: Record<string, RegExp> = {
  ORM_O01: /^ MSH( NTE)*( PID( PD1)?( NTE)*( PV1( PV2)?)?( IN1( IN2)?( IN3)?)*( GT1)?( AL1)*)?( ORC( OBR( NTE)*( CTD)?( DG1)*( OBX( NTE)*)*)?( FT1)*( CTI)*( BLG)?)+$/,
  ORU_R01: /^ MSH( SFT)*( PID( PD1)?( NTE)*( NK1)*( PV1( PV2)?)?)?(( ORC)? OBR( NTE)*( CTD)?( OBX( NTE)*)*( FT1)*( CTI)*)+( DSC)?$/,
  ACK: /^ MSH( SFT)* MSA( ERR)*$/,
};

const LIMIT = { ST: 199, ID: 199, IS: 199, TX: 65536, FT: 65536 } as const;
const DTM = /^\d{4}(?:\d{2}(?:\d{2}(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d{1,4})?)?)?)?)?)?(?:[+-]\d{4})?$/;

interface Delims { field: string; component: string; repetition: string; escape: string; subcomponent: string }

function validDate(text: string): boolean {
  if (!/^\d{4}(\d{2}(\d{2})?)?$/.test(text)) return false;
  if (text.length < 8) return true;
  const [y, m, d] = [Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8))];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

class Checker {
  readonly problems: ConformanceProblem[] = [];
  constructor(private readonly d: Delims) {}

  add(location: string, problem: string): void {
    this.problems.push({ location, problem });
  }

  /** Escape sequences: the five delimiters, hex, and (text types only) formatting. */
  escapes(text: string, type: Primitive, at: string): void {
    const e = this.d.escape;
    let index = text.indexOf(e);
    while (index !== -1) {
      const end = text.indexOf(e, index + 1);
      if (end === -1) return this.add(at, `an escape character without its closing one in "${text.slice(0, 40)}"`);
      const code = text.slice(index + 1, end);
      const formatting = /^(\.br|\.sp\d*|\.fi|\.nf|\.in[+-]?\d+|\.ti[+-]?\d+|\.sk\d+|\.ce|H|N)$/.test(code);
      if (!/^[FSTRE]$/.test(code) && !/^X(?:[0-9A-Fa-f]{2})+$/.test(code) && !(formatting && (type === 'FT' || type === 'TX'))) {
        this.add(at, `"${e}${code}${e}" is not an escape sequence a ${type} may hold`);
      }
      index = text.indexOf(e, end + 1);
    }
  }

  primitive(text: string, part: Part & { type: Primitive }, at: string): void {
    if (text === '') return;
    const { type, table } = part;
    this.escapes(text, type, at);
    const limit = (LIMIT as Record<string, number>)[type];
    if (limit !== undefined && text.length > limit) this.add(at, `${text.length} characters is longer than ${type} allows (${limit})`);
    if (type === 'NM' && !/^[+-]?\d+(\.\d*)?$|^[+-]?\.\d+$/.test(text)) this.add(at, `"${text}" is not a number (NM)`);
    if (type === 'SI' && !/^\d{1,4}$/.test(text)) this.add(at, `"${text}" is not a sequence ID (SI)`);
    if (type === 'DT' && !validDate(text)) this.add(at, `"${text}" is not a date (DT, YYYY[MM[DD]])`);
    if (type === 'DTM' && (!DTM.test(text) || !validDate(text.slice(0, Math.min(8, text.replace(/[+-].*$/, '').length))))) this.add(at, `"${text}" is not a date and time (DTM)`);
    if (table) {
      const ok = table === '0396' ? isCodingSystem(text) : (TABLES[table] ?? []).includes(text);
      if (!TABLES[table] && table !== '0396') this.add(at, `table ${table} is not known to the check`);
      else if (!ok) this.add(at, `"${text}" is not a value of HL7 table ${table}`);
    }
  }

  /** One value (component, or field of a primitive type) of a type, its parts split by `sep`. */
  value(text: string, type: Part['type'], table: string | undefined, at: string, depth: 'component' | 'subcomponent'): void {
    if (!(type in COMPOSITES)) return this.primitive(text, { type: type as Primitive, ...(table ? { table } : {}) }, at);
    const parts = COMPOSITES[type as Composite];
    const sep = depth === 'component' ? this.d.component : this.d.subcomponent;
    if (depth === 'subcomponent' && text.includes(this.d.component)) return this.add(at, 'a component delimiter inside a component');
    const pieces = text.split(sep);
    if (pieces.length > parts.length) this.add(at, `${type} has ${parts.length} parts, got ${pieces.length}`);
    pieces.forEach((piece, i) => {
      const sub = parts[i];
      if (!sub) return;
      const where = `${at}.${i + 1}`;
      if (sub.type in COMPOSITES) {
        if (depth === 'subcomponent') return this.add(where, `${sub.type} cannot nest deeper than a subcomponent`);
        this.value(piece, sub.type, sub.table, where, 'subcomponent');
      } else {
        if (depth === 'component' && piece.includes(this.d.subcomponent)) return this.add(where, `a subcomponent delimiter inside ${sub.type}`);
        this.primitive(piece, { type: sub.type as Primitive, ...(sub.table ? { table: sub.table } : {}) }, where);
      }
    });
  }

  field(text: string, spec: FieldSpec, at: string, valueType: string | null): void {
    const repetitions = spec.type === 'MSG' || at === 'MSH-2' ? [text] : text.split(this.d.repetition);
    if (repetitions.length > 1 && !spec.repeat) this.add(at, 'the field does not repeat');
    repetitions.forEach((rep, r) => {
      const where = repetitions.length > 1 ? `${at}[${r + 1}]` : at;
      if (spec.firstComponentTable) this.primitive(rep.split(this.d.component)[0] ?? '', { type: 'ID', table: spec.firstComponentTable }, `${where}.1`);
      if (spec.type === 'varies') return this.observationValue(rep, valueType, where);
      if (!(spec.type in COMPOSITES) && rep.includes(this.d.component)) return this.add(where, `${spec.type} has no components`);
      if (spec.max && rep.length > spec.max) this.add(where, `${rep.length} characters is longer than the field allows (${spec.max})`);
      this.value(rep, spec.type, spec.table, where, 'component');
    });
  }

  /** OBX-5 is typed by OBX-2. */
  observationValue(text: string, valueType: string | null, at: string): void {
    if (text === '') return;
    if (!valueType) return this.add(at, 'OBX-5 is valued but OBX-2 is empty');
    const types: Record<string, Part['type']> = { ST: 'ST', TX: 'TX', FT: 'FT', NM: 'NM', DT: 'DT', TS: 'TS', CE: 'CE', ED: 'ED', SN: 'SN' };
    const type = types[valueType];
    if (!type) return this.add(at, `the check does not know value type ${valueType}`);
    if (!(type in COMPOSITES) && text.includes(this.d.component)) return this.add(at, `${valueType} has no components`);
    this.value(text, type, undefined, at, 'component');
  }
}

/** Every way `text` departs from HL7 v2.5.1 (empty: it conforms). */
export function checkV251(text: string): ConformanceProblem[] {
  const segments = text.split('\r').filter((line, i, all) => line !== '' || i < all.length - 1);
  const msh = segments[0] ?? '';
  if (!msh.startsWith('MSH')) return [{ location: 'MSH', problem: 'the message does not start with MSH' }];
  const d: Delims = { field: msh.charAt(3), component: msh.charAt(4), repetition: msh.charAt(5), escape: msh.charAt(6), subcomponent: msh.charAt(7) };
  const check = new Checker(d);
  if (msh.slice(3, 8) !== '|^~\\&') check.add('MSH-2', 'the encoding characters are not the recommended |^~\\&');
  const mshFields = msh.split(d.field);
  const structure = (mshFields[8] ?? '').split(d.component)[2] || (mshFields[8] ?? '').split(d.component)[0] || '';
  const grammar = STRUCTURES[structure];
  const names = segments.map((line) => line.slice(0, 3));
  if (!grammar) check.add('MSH-9.3', `the check does not know message structure "${structure}"`);
  else if (!grammar.test(names.map((n) => ` ${n}`).join(''))) check.add('segments', `${names.join(' ')} is not a valid ${structure}`);

  const counts = new Map<string, number>();
  for (const line of segments) {
    const name = line.slice(0, 3);
    const occurrence = (counts.get(name) ?? 0) + 1;
    counts.set(name, occurrence);
    const base = occurrence > 1 || !['MSH', 'PID', 'PV1', 'MSA'].includes(name) ? `${name}[${occurrence}]` : name;
    // Control characters other than the segment terminator never belong in a message.
    const control = [...line].find((char) => { const code = char.charCodeAt(0); return (code < 0x20 && code !== 0x0a) || code === 0x7f; });
    if (control) check.add(base, `control character U+${control.charCodeAt(0).toString(16).padStart(4, '0')} in the segment`);
    if (/[\n]/.test(line)) check.add(base, 'a line feed inside the segment');
    const spec = SEGMENTS[name];
    if (!spec) continue;
    // MSH-1 is the field separator itself: MSH's fields are numbered one further.
    const fields = name === 'MSH' ? ['MSH', d.field, ...line.split(d.field).slice(1)] : line.split(d.field);
    if (fields.length - 1 > spec.fields) check.add(base, `${name} has ${spec.fields} fields in v2.5.1, got ${fields.length - 1}`);
    const valueType = name === 'OBX' ? fields[2] || null : null;
    for (const [number, field] of Object.entries(spec.spec)) {
      const at = `${base}-${number}`;
      const text = fields[Number(number)] ?? '';
      if (text === '') {
        if (field.required) check.add(at, 'a required field is empty');
        continue;
      }
      check.field(text, field, at, valueType);
    }
  }
  if ([...text].some((char) => char.charCodeAt(0) > 0x7f) && !(mshFields[17] ?? '')) check.add('MSH-18', 'the message holds characters beyond ASCII but declares no character set');
  return check.problems;
}
