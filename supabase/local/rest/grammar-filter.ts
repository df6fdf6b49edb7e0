/**
 * Filter values (`eq.5`, `not.in.(a,"b,c")`, `is.null`, `fts(english).cat`) and the
 * `or=`/`and=` logic trees of PostgREST (QueryParams.hs pOpExpr, pLogicTree). Values
 * inside `in.(…)` and logic trees may be double-quoted with backslash escapes, so that
 * `,`, `(`, `)` and `"` can appear in them; top-level single values are taken raw.
 */
import { Cursor, field, quotedValue } from './cursor.ts';
import {
  FTS_OPERATORS,
  QUANTIFIABLE_OPERATORS,
  SIMPLE_OPERATORS,
  type Filter,
  type FtsOperator,
  type LogicTree,
  type Operation,
  type SimpleOperator,
  type TrileanValue,
} from './grammar-types.ts';

/** A filter's value, e.g. `eq.5`, `not.in.(a,"b,c")`, `is.null`, `fts(english).cat`. */
export function parseFilterValue(value: string): { negate: boolean; operation: Operation } {
  const c = new Cursor(value, 'filter');
  return opExpr(c, (cur) => cur.rest());
}

function opExpr(c: Cursor, singleValue: (c: Cursor) => string): { negate: boolean; operation: Operation } {
  const negated = c.attempt(() => {
    c.expect('not.');
    return operation(c, singleValue);
  });
  if (negated) return { negate: true, operation: negated };
  return { negate: false, operation: operation(c, singleValue) };
}

function operation(c: Cursor, singleValue: (c: Cursor) => string): Operation {
  if (c.eat('in.')) return { kind: 'in', values: listValue(c) };
  if (c.eat('is.')) return { kind: 'is', value: trilean(c) };
  const fts = c.attempt((): Operation => {
    const name = c.until('.(');
    if (!Object.hasOwn(FTS_OPERATORS, name)) c.fail(`unknown fts operator ${name}`);
    let language: string | null = null;
    if (c.eat('(')) {
      language = c.until(')').trim();
      if (!/^[A-Za-z0-9_ $]+$/.test(language)) c.fail('expecting letter or digit');
      c.expect(')');
    }
    c.expect('.');
    return { kind: 'fts', op: name as FtsOperator, language, value: singleValue(c) };
  });
  if (fts) return fts;
  const start = c.pos;
  const name = c.until('.');
  if (c.done) {
    c.pos = start;
    c.fail('expecting operator (eq, gt, ...)');
  }
  const match = /^([a-z]+)(?:\((any|all)\))?$/.exec(name);
  const op = match?.[1];
  if (!match || !op || !Object.hasOwn(SIMPLE_OPERATORS, op)) {
    throw unknownOperator(c, name);
  }
  const quantifier = (match[2] as 'any' | 'all' | undefined) ?? null;
  if (quantifier && !QUANTIFIABLE_OPERATORS.has(op as SimpleOperator)) throw unknownOperator(c, name);
  c.pos++; // the delimiter
  return { kind: 'op', op: op as SimpleOperator, quantifier, value: singleValue(c) };
}

function unknownOperator(c: Cursor, name: string): Error {
  return c.error(`unknown single value operator ${name}`);
}

function trilean(c: Cursor): TrileanValue {
  for (const value of ['null', 'unknown', 'true', 'false'] as const) {
    if (c.src.slice(c.pos, c.pos + value.length).toLowerCase() === value) {
      c.pos += value.length;
      return value;
    }
  }
  return c.fail('expecting null or trilean value (unknown, true, false)');
}

/** `(a,"b,c",d)`: an `in` list. A quoted element must end right at its `,` or `)`. */
function listValue(c: Cursor): string[] {
  c.ws();
  c.expect('(');
  c.ws();
  const values = [listElement(c)];
  while (c.eat(',')) values.push(listElement(c));
  c.ws();
  c.expect(')');
  c.ws();
  return values;
}

function listElement(c: Cursor): string {
  const start = c.pos;
  const quoted = quotedValue(c);
  if (quoted !== null && (c.done || c.peek() === ',' || c.peek() === ')')) return quoted;
  c.pos = start;
  return c.until(',)');
}

// ---------------------------------------------------------------- logic trees

/**
 * An `or=`/`and=` parameter: `op` is the key's operator (`or`, `and`, `not.or`,
 * `not.and`) and `value` the parenthesised list, e.g. `(a.eq.1,and(b.gt.2,c.is.null))`.
 */
export function parseLogicTree(op: string, value: string): LogicTree {
  const c = new Cursor(op + value, 'logic tree');
  const tree = logicTree(c);
  if (tree.kind !== 'expr') c.fail('expecting logic operator (and, or)');
  if (!c.done) c.fail('expecting end of input');
  return tree;
}

function logicTree(c: Cursor): LogicTree {
  const filter = c.attempt((): Filter => {
    const fld = field(c);
    c.expect('.');
    return { field: fld, ...opExpr(c, logicSingleValue) };
  });
  if (filter) return { kind: 'filter', filter };
  const negate = c.eat('not.');
  let op: 'and' | 'or';
  if (c.eat('and')) op = 'and';
  else if (c.eat('or')) op = 'or';
  else c.fail('expecting logic operator (and, or)');
  c.ws();
  c.expect('(');
  c.ws();
  const children = [logicTree(c)];
  for (;;) {
    c.ws();
    if (!c.eat(',')) break;
    c.ws();
    children.push(logicTree(c));
  }
  c.ws();
  c.expect(')');
  c.ws();
  return { kind: 'expr', negate, op, children };
}

function logicSingleValue(c: Cursor): string {
  const start = c.pos;
  const quoted = quotedValue(c);
  if (quoted !== null && (c.done || c.peek() === ',' || c.peek() === ')')) return quoted;
  c.pos = start;
  if (c.peek() === '{') {
    const close = c.src.indexOf('}', c.pos);
    const inner = close < 0 ? null : c.src.slice(c.pos + 1, close);
    if (inner !== null && !inner.includes('{')) {
      c.pos = close + 1;
      return `{${inner}}`;
    }
  }
  return c.until(',)');
}

