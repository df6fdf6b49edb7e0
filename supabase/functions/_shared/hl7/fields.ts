// Typed building and reading of segments on top of the library's message model. Building:
// a segment is named by its fields' HL7 numbers (`segment('PID', { 3: …, 5: … })`), each
// value escaped once here, so no caller ever joins delimiters by hand. Reading: a view of a
// parsed segment gives unescaped components by HL7 position and a location for errors
// ("OBX[2]-5"). Positions are 1-based, as in the standard (PID-5.2 is field 5, component 2).
import { unescapeValue, escapeValue, STANDARD_DELIMITERS, type Delimiters } from './escape.ts';
import { Hl7Context, Hl7Field, Hl7Segment, type Hl7Message } from './library.ts';

export type Subcomponent = string | null | undefined;
/** A component: one value, or its subcomponents as an array. */
export type Component = Subcomponent | readonly Subcomponent[];
/** One occurrence of a field: its components in order (component 1 first). */
export type Repetition = readonly Component[];
/** A field: one plain value, one occurrence of components, or several occurrences. */
export type FieldValue = Subcomponent | Repetition | { readonly repeat: readonly Repetition[] };

export const CONTEXT = new Hl7Context('\r', '|', '^', '~', '\\', '&');

function trimEnd<T>(items: T[], isEmpty: (item: T) => boolean): T[] {
  let end = items.length;
  while (end > 0 && isEmpty(items[end - 1] as T)) end -= 1;
  return items.slice(0, end);
}

function encodeComponent(component: Component, d: Delimiters, lineBreaks: boolean): string {
  if (component === null || component === undefined) return '';
  if (typeof component === 'string') return escapeValue(component, d, lineBreaks);
  return trimEnd(component.map((sub) => escapeValue(sub ?? '', d, lineBreaks)), (s) => s === '').join(d.subcomponent);
}

function encodeRepetition(repetition: Repetition, d: Delimiters, lineBreaks: boolean): string {
  return trimEnd(repetition.map((c) => encodeComponent(c, d, lineBreaks)), (s) => s === '').join(d.component);
}

/**
 * A field value as the text it has between field delimiters. `lineBreaks`: the field is
 * formatted text (FT, TX), where a line break is written \.br\; elsewhere it is a space.
 */
export function encodeField(value: FieldValue, d: Delimiters = STANDARD_DELIMITERS, lineBreaks = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return escapeValue(value, d, lineBreaks);
  if ('repeat' in value) return trimEnd(value.repeat.map((r) => encodeRepetition(r, d, lineBreaks)), (s) => s === '').join(d.repetition);
  return encodeRepetition(value as Repetition, d, lineBreaks);
}

/** The fields of a segment that are formatted text (FT or TX): NTE-3, OBX-5 of an FT or TX. */
function formattedTextFields(name: string, fields: Readonly<Record<number, FieldValue>>): readonly number[] {
  if (name === 'NTE') return [3];
  if (name === 'OBX' && (fields[2] === 'FT' || fields[2] === 'TX')) return [5];
  return [];
}

/** A segment from its fields by HL7 number; trailing empty fields are left out. */
export function segment(name: string, fields: Readonly<Record<number, FieldValue>>): Hl7Segment {
  if (!/^[A-Z][A-Z0-9]{2}$/.test(name)) throw new Error(`"${name}" is not a segment name`);
  const numbers = Object.keys(fields).map(Number);
  const last = numbers.length ? Math.max(...numbers) : 0;
  const texts: string[] = [name];
  // MSH-1 is the field delimiter itself and MSH-2 the encoding characters: the library
  // writes MSH-1 when it joins the fields and keeps MSH-2 as the first field after the name.
  const first = name === 'MSH' ? 3 : 1;
  if (name === 'MSH') texts.push(CONTEXT.getMsh2());
  const formatted = formattedTextFields(name, fields);
  for (let number = first; number <= last; number += 1) texts.push(encodeField(fields[number] ?? null, STANDARD_DELIMITERS, formatted.includes(number)));
  const trimmed = trimEnd(texts, (t) => t === '');
  return new Hl7Segment(trimmed.map((text) => Hl7Field.parse(text, CONTEXT)), CONTEXT);
}

/** Read access to one parsed segment, by HL7 position, with values unescaped. */
export class SegmentView {
  readonly name: string;

  constructor(
    private readonly raw: Hl7Segment,
    /** The segment's occurrence among segments of its name (1 = first), for locations. */
    readonly occurrence: number,
    private readonly d: Delimiters,
  ) {
    this.name = raw.name;
  }

  /** "OBX[2]-5", "MSH-10": where a field is, for error messages. */
  location(field?: number, component?: number): string {
    const base = this.occurrence > 1 || !['MSH', 'PID', 'PV1', 'MSA'].includes(this.name) ? `${this.name}[${this.occurrence}]` : this.name;
    if (field === undefined) return base;
    return component && component > 1 ? `${base}-${field}.${component}` : `${base}-${field}`;
  }

  private field(number: number): Hl7Field | undefined {
    return this.raw.getField(number) as Hl7Field | undefined;
  }

  /** How many occurrences field `number` has (0 when it is empty). */
  repetitionCount(number: number): number {
    const field = this.field(number);
    if (!field) return 0;
    return trimEnd([...field.components], (r) => r.every((c) => c === '')).length;
  }

  /** The unescaped text of field.component(.subcomponent) in one occurrence; '' when absent. */
  text(number: number, component = 1, subcomponent?: number, repetition = 0): string {
    const field = this.field(number);
    const occurrence = field?.components[repetition];
    if (!occurrence) return '';
    let value = occurrence[component - 1] ?? '';
    if (subcomponent !== undefined) value = value.split(this.d.subcomponent)[subcomponent - 1] ?? '';
    return unescapeValue(value, this.d);
  }

  /** The field's escaped text as it stands in the message (for MSH-9 comparisons and logs). */
  rawText(number: number): string {
    return this.field(number)?.toString() ?? '';
  }
}

/** Views of every segment of a parsed message, numbered per segment name. */
export function segmentViews(message: Hl7Message): SegmentView[] {
  const context = message.context;
  const d: Delimiters = {
    field: context.fieldSeparator,
    component: context.componentSeparator,
    repetition: context.repetitionSeparator,
    escape: context.escapeCharacter,
    subcomponent: context.subcomponentSeparator,
  };
  const counts = new Map<string, number>();
  return message.segments.map((raw) => {
    const occurrence = (counts.get(raw.name) ?? 0) + 1;
    counts.set(raw.name, occurrence);
    return new SegmentView(raw, occurrence, d);
  });
}
