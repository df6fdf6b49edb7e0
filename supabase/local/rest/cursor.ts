/**
 * A tiny backtracking cursor for the query-string grammar, with PostgREST's building
 * blocks (field names, quoted values, JSON paths). Errors carry PostgREST's PGRST100
 * texts: `"failed to parse <what> (<input>)" (line 1, column N)`.
 */
import { QueryParamError, type Field, type JsonStep } from './grammar-types.ts';

const IDENTIFIER_CHAR = /^[\p{L}0-9_ $]$/u;

export class Cursor {
  pos = 0;

  constructor(
    readonly src: string,
    /** What is being parsed, e.g. `select parameter`, `filter`, `order`. */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.src.length;
  }

  peek(offset = 0): string | undefined {
    return this.src[this.pos + offset];
  }

  startsWith(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  eat(text: string): boolean {
    if (!this.startsWith(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string): void {
    if (!this.eat(text)) this.fail(`expecting "${text}"`);
  }

  /** Skip spaces and tabs (PostgREST's `ws`). */
  ws(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  fail(expecting: string): never {
    const next = this.done ? 'end of input' : `"${this.peek()}"`;
    throw this.error(`unexpected ${next} ${expecting}`);
  }

  /** A PGRST100 error at the current position with these details. */
  error(details: string): QueryParamError {
    return new QueryParamError(
      `"failed to parse ${this.what} (${this.src})" (line 1, column ${this.pos + 1})`,
      details,
    );
  }

  /** Run `parse`; on a parse error, rewind and return null (Parsec's `try`). */
  attempt<T>(parse: () => T): T | null {
    const start = this.pos;
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof QueryParamError)) throw error;
      this.pos = start;
      return null;
    }
  }

  /** Everything from here to the end. */
  rest(): string {
    const value = this.src.slice(this.pos);
    this.pos = this.src.length;
    return value;
  }

  /** Characters up to (not including) any of `stops`, or to the end. */
  until(stops: string): string {
    const start = this.pos;
    while (!this.done && !stops.includes(this.src[this.pos]!)) this.pos++;
    return this.src.slice(start, this.pos);
  }
}

/**
 * A double-quoted value with backslash escapes (`"a\"b"` is `a"b`), or null without
 * moving when the cursor is not on a complete quoted value.
 */
export function quotedValue(c: Cursor): string | null {
  if (c.peek() !== '"') return null;
  let out = '';
  let i = c.pos + 1;
  while (i < c.src.length) {
    const ch = c.src[i]!;
    if (ch === '\\') {
      if (i + 1 >= c.src.length) return null;
      out += c.src[i + 1];
      i += 2;
    } else if (ch === '"') {
      c.pos = i + 1;
      return out;
    } else {
      out += ch;
      i += 1;
    }
  }
  return null;
}

/** PostgREST's pIdentifier: letters, digits, `_`, space, `$`; trimmed. */
export function identifier(c: Cursor): string {
  let i = c.pos;
  while (i < c.src.length) {
    const ch = String.fromCodePoint(c.src.codePointAt(i)!);
    if (!IDENTIFIER_CHAR.test(ch)) break;
    i += ch.length;
  }
  if (i === c.pos) c.fail('expecting field name (* or [a..z0..9_$])');
  const value = c.src.slice(c.pos, i);
  c.pos = i;
  return value.trim();
}

/** PostgREST's pFieldName: a quoted name, or identifiers joined by `-` (not `->`). */
export function fieldName(c: Cursor): string {
  if (c.peek() === '"') {
    const quoted = quotedValue(c);
    if (quoted === null) c.fail('expecting closing quote');
    return quoted;
  }
  const parts = [identifier(c)];
  while (c.peek() === '-' && c.peek(1) !== '>') {
    c.pos++;
    parts.push(identifier(c));
  }
  return parts.join('-');
}

/** `->key`, `->>key`, `->0`, `->>-1` … repeated. */
export function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (c.eat('->>')) arrow = '->>';
    else if (c.eat('->')) arrow = '->';
    else return steps;
    const index = c.attempt(() => {
      const start = c.pos;
      c.eat('-');
      const digits = c.until('->:.,');
      if (!/^[0-9]+$/.test(digits)) c.fail('expecting digit');
      const ends = c.done || c.startsWith('->') || c.startsWith('::') || c.startsWith('.') || c.startsWith(',');
      if (!ends) c.fail('expecting "->", "::", ".", "," or end of input');
      return c.src.slice(start, c.pos);
    });
    if (index !== null) steps.push({ arrow, operand: index, isIndex: true });
    else steps.push({ arrow, operand: fieldName(c), isIndex: false });
  }
}

/** A column with an optional JSON path, surrounded by optional blanks. */
export function field(c: Cursor): Field {
  c.ws();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.ws();
  return { name, jsonPath: path };
}

/** `name, name, …` (the `columns` and `on_conflict` parameters). */
export function columnList(c: Cursor): string[] {
  const names = [fieldName(c)];
  for (;;) {
    const start = c.pos;
    c.ws();
    if (!c.eat(',')) {
      c.pos = start;
      break;
    }
    c.ws();
    names.push(fieldName(c));
  }
  if (!c.done) c.fail('expecting "," or end of input');
  return names;
}
