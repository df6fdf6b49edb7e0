/**
 * Parsers for PostgREST's query-string language, following PostgREST's own grammar
 * (src/PostgREST/ApiRequest/QueryParams.hs): `select=`, filter values, `or=`/`and=`
 * logic trees and `order=`. Values inside `in.(…)` and logic trees may be double-quoted
 * with backslash escapes, so that `,`, `(`, `)` and `"` can appear in them.
 */
import { Cursor, columnList, field, fieldName, jsonPath, quotedValue } from './cursor.ts';
import {
  FTS_OPERATORS,
  QUANTIFIABLE_OPERATORS,
  SIMPLE_OPERATORS,
  type Field,
  type Filter,
  type FtsOperator,
  type LogicTree,
  type Operation,
  type OrderTerm,
  type SelectItem,
  type SimpleOperator,
  type TrileanValue,
} from './grammar-types.ts';

// ---------------------------------------------------------------- select

export function parseSelect(value: string): SelectItem[] {
  const c = new Cursor(value, 'select parameter');
  const items = selectForest(c);
  if (!c.done) c.fail('expecting "," or end of input');
  return items;
}

function selectForest(c: Cursor): SelectItem[] {
  const items = [selectTree(c)];
  for (;;) {
    c.ws();
    if (!c.eat(',')) return items;
    items.push(selectTree(c));
  }
}

function selectTree(c: Cursor): SelectItem {
  c.ws();
  if (c.eat('..')) {
    const name = fieldName(c);
    const params = embedParams(c);
    if (c.peek() !== '(') c.fail('expecting "("');
    return { kind: 'relation', name, alias: null, ...params, spread: true, children: children(c) };
  }
  const relation = c.attempt(() => {
    const alias = aliasPrefix(c);
    const name = fieldName(c);
    const params = embedParams(c);
    if (c.peek() !== '(') c.fail('expecting "("');
    return { alias, name, params };
  });
  if (relation) {
    const { alias, name, params } = relation;
    return { kind: 'relation', name, alias, ...params, spread: false, children: children(c) };
  }
  return fieldSelect(c);
}

function children(c: Cursor): SelectItem[] {
  c.expect('(');
  const items = selectForest(c);
  c.ws();
  c.expect(')');
  c.ws();
  return items;
}

/** `alias:` before a field or relation (but not the `::` of a cast). */
function aliasPrefix(c: Cursor): string | null {
  return c.attempt(() => {
    const alias = fieldName(c);
    if (c.peek() !== ':' || c.peek(1) === ':') c.fail('expecting ":"');
    c.pos++;
    return alias;
  });
}

function embedParams(c: Cursor): { hint: string | null; joinType: 'inner' | 'left' | null } {
  let hint: string | null = null;
  let joinType: 'inner' | 'left' | null = null;
  for (let i = 0; i < 2 && c.eat('!'); i++) {
    const value = fieldName(c);
    if (value === 'inner' || value === 'left') joinType = value;
    else hint = value;
  }
  return { hint, joinType };
}

function fieldSelect(c: Cursor): SelectItem {
  const parsed = c.attempt((): SelectItem => {
    const alias = aliasPrefix(c);
    const fld = field(c);
    let cast: string | null = null;
    if (c.eat('::')) {
      cast = c.until('),').trim();
      if (!/^[A-Za-z0-9_ $]+$/.test(cast)) c.fail('expecting letter or digit');
    }
    c.ws();
    endOfItem(c);
    return { kind: 'field', field: fld, alias, cast };
  });
  if (parsed) return parsed;
  if (c.eat('*')) {
    c.ws();
    endOfItem(c);
    return { kind: 'star' };
  }
  // Re-run the field parser for its error message.
  field(c);
  endOfItem(c);
  return c.fail('expecting field name (* or [a..z0..9_$])');
}

function endOfItem(c: Cursor): void {
  if (!c.done && c.peek() !== ',' && c.peek() !== ')') {
    c.fail('expecting "->>", "->", "::", ")", "," or end of input');
  }
}

// ---------------------------------------------------------------- filters

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

// ---------------------------------------------------------------- order

export function parseOrder(value: string): OrderTerm[] {
  const c = new Cursor(value, 'order');
  const terms = [orderTerm(c)];
  while (c.eat(',')) terms.push(orderTerm(c));
  if (!c.done) c.fail('expecting "," or end of input');
  return terms;
}

function orderTerm(c: Cursor): OrderTerm {
  c.ws();
  const related = c.attempt(() => {
    const relation = fieldName(c);
    c.expect('(');
    const fld = field(c);
    c.expect(')');
    return { relation, field: fld };
  });
  const fld: Field = related ? related.field : field(c);
  let direction: 'asc' | 'desc' | null = null;
  if (c.startsWith('.asc') || c.startsWith('.desc')) {
    direction = c.eat('.asc') ? 'asc' : (c.eat('.desc'), 'desc');
  }
  let nulls: 'first' | 'last' | null = null;
  if (c.eat('.nullsfirst')) nulls = 'first';
  else if (c.eat('.nullslast')) nulls = 'last';
  c.ws();
  if (!c.done && c.peek() !== ',') c.fail('expecting "asc", "desc", "nullsfirst" or "nullslast"');
  return related
    ? { kind: 'relation', relation: related.relation, field: fld, direction, nulls }
    : { kind: 'field', field: fld, direction, nulls };
}

// ---------------------------------------------------------------- keys

/** A filter key: `col`, `col->>key`, `rel.col`, `rel.sub.col`. */
export function parseTreePath(key: string): { path: string[]; field: Field } {
  const c = new Cursor(key, 'tree path');
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  const path = jsonPath(c);
  if (!c.done) c.fail('expecting "." or end of input');
  const last = names.pop()!;
  return { path: names, field: { name: last, jsonPath: path } };
}

/** A logic key: `or`, `not.and`, `rel.or`, `rel.not.or` → path and operator. */
export function parseLogicKey(key: string): { path: string[]; op: string } {
  const c = new Cursor(key, 'logic path');
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  if (!c.done) c.fail('expecting "." or end of input');
  const op = names.pop()!;
  const negated = names.includes('not');
  return { path: names.filter((name) => name !== 'not'), op: negated ? `not.${op}` : op };
}

export function parseColumns(value: string, what: 'columns parameter' | 'on_conflict parameter'): string[] {
  return columnList(new Cursor(value, what));
}
