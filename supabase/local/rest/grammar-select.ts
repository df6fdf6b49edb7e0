/**
 * The `select=` grammar of PostgREST (QueryParams.hs pFieldForest): columns with aliases,
 * casts and JSON paths, `*`, and embeds `alias:rel!hint!inner(…)`, nested, or spread
 * with `..rel(…)`.
 */
import { Cursor, field, fieldName } from './cursor.ts';
import type { SelectItem } from './grammar-types.ts';

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
      if (!/^[A-Za-z_][A-Za-z0-9_ $]*$/.test(cast)) c.fail('expecting letter or digit');
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

