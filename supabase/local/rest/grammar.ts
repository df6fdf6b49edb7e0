/**
 * Parsers for PostgREST's query-string language, following PostgREST's own grammar
 * (src/PostgREST/ApiRequest/QueryParams.hs): `select=` (grammar-select.ts), filter
 * values and `or=`/`and=` trees (grammar-filter.ts), and here `order=`, filter and logic
 * keys with their embed paths, and column lists.
 */
import { Cursor, columnList, field, fieldName, jsonPath } from './cursor.ts';
import type { Field, OrderTerm } from './grammar-types.ts';

export { parseSelect } from './grammar-select.ts';
export { parseFilterValue, parseLogicTree } from './grammar-filter.ts';

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
