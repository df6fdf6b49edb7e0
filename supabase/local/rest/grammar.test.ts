import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFilterValue, parseLogicKey, parseLogicTree, parseOrder, parseSelect, parseTreePath } from './grammar.ts';
import { QueryParamError, type LogicTree } from './grammar-types.ts';

const plain = (name: string) => ({ name, jsonPath: [] });

describe('parseSelect', () => {
  it('reads columns, aliases, casts, JSON paths and the star', () => {
    expect(parseSelect('*,id,full:name,npi::text,data->a->>b,first:data->>0')).toEqual([
      { kind: 'star' },
      { kind: 'field', field: plain('id'), alias: null, cast: null },
      { kind: 'field', field: plain('name'), alias: 'full', cast: null },
      { kind: 'field', field: plain('npi'), alias: null, cast: 'text' },
      {
        kind: 'field',
        field: { name: 'data', jsonPath: [{ arrow: '->', operand: 'a', isIndex: false }, { arrow: '->>', operand: 'b', isIndex: false }] },
        alias: null,
        cast: null,
      },
      { kind: 'field', field: { name: 'data', jsonPath: [{ arrow: '->>', operand: '0', isIndex: true }] }, alias: 'first', cast: null },
    ]);
  });

  it('reads embeds with aliases, hints, !inner and nesting', () => {
    expect(parseSelect('id,org:organizations!inner(legal_name),profiles!delegate_id(email,providers(*))')).toEqual([
      { kind: 'field', field: plain('id'), alias: null, cast: null },
      {
        kind: 'relation',
        name: 'organizations',
        alias: 'org',
        hint: null,
        joinType: 'inner',
        spread: false,
        children: [{ kind: 'field', field: plain('legal_name'), alias: null, cast: null }],
      },
      {
        kind: 'relation',
        name: 'profiles',
        alias: null,
        hint: 'delegate_id',
        joinType: null,
        spread: false,
        children: [
          { kind: 'field', field: plain('email'), alias: null, cast: null },
          { kind: 'relation', name: 'providers', alias: null, hint: null, joinType: null, spread: false, children: [{ kind: 'star' }] },
        ],
      },
    ]);
    expect(parseSelect('rel!fk_name!inner(*)')[0]).toMatchObject({ hint: 'fk_name', joinType: 'inner' });
    expect(parseSelect('..organizations(legal_name)')[0]).toMatchObject({ kind: 'relation', spread: true });
  });

  it('accepts quoted names and dashes', () => {
    expect(parseSelect('"a,b":"weird col",first-name')).toEqual([
      { kind: 'field', field: plain('weird col'), alias: 'a,b', cast: null },
      { kind: 'field', field: plain('first-name'), alias: null, cast: null },
    ]);
  });

  it.each(['id,', 'rel()', 'name!hint', 'a(b', 'id)x', '', 'col::'])('rejects %j with PGRST100 texts', (value) => {
    expect(() => parseSelect(value)).toThrow(QueryParamError);
  });

  it('words its errors as PostgREST does', () => {
    try {
      parseSelect('id,');
      expect.unreachable();
    } catch (error) {
      expect((error as QueryParamError).message).toBe('"failed to parse select parameter (id,)" (line 1, column 4)');
    }
  });
});

describe('parseFilterValue', () => {
  it('reads simple operators, negation and raw single values', () => {
    expect(parseFilterValue('eq.a,b(c)')).toEqual({ negate: false, operation: { kind: 'op', op: 'eq', quantifier: null, value: 'a,b(c)' } });
    expect(parseFilterValue('not.like.*son')).toEqual({ negate: true, operation: { kind: 'op', op: 'like', quantifier: null, value: '*son' } });
    expect(parseFilterValue('eq."quoted"').operation).toMatchObject({ value: '"quoted"' });
    expect(parseFilterValue('like(any).{a*,b*}').operation).toEqual({ kind: 'op', op: 'like', quantifier: 'any', value: '{a*,b*}' });
    expect(parseFilterValue('isdistinct.x').operation).toMatchObject({ op: 'isdistinct' });
  });

  it('reads is (case-insensitively) and in lists with quoted, escaped values', () => {
    expect(parseFilterValue('is.NULL').operation).toEqual({ kind: 'is', value: 'null' });
    expect(parseFilterValue('not.is.true')).toEqual({ negate: true, operation: { kind: 'is', value: 'true' } });
    expect(parseFilterValue('in.(a,"b,c","d\\"e","f\\\\g",h i)').operation).toEqual({
      kind: 'in',
      values: ['a', 'b,c', 'd"e', 'f\\g', 'h i'],
    });
    expect(parseFilterValue('in.()').operation).toEqual({ kind: 'in', values: [''] });
    // A quote that does not close right before `,` or `)` is a plain character.
    expect(parseFilterValue('in.("a"b,c)').operation).toEqual({ kind: 'in', values: ['"a"b', 'c'] });
  });

  it('reads full-text operators with a language', () => {
    expect(parseFilterValue('fts(english).cat & dog').operation).toEqual({ kind: 'fts', op: 'fts', language: 'english', value: 'cat & dog' });
    expect(parseFilterValue('wfts.cat').operation).toEqual({ kind: 'fts', op: 'wfts', language: null, value: 'cat' });
  });

  it('rejects unknown operators with PostgREST details', () => {
    expect(() => parseFilterValue('noop.0')).toThrow(expect.objectContaining({ details: 'unknown single value operator noop' }));
    expect(() => parseFilterValue('is.maybe')).toThrow(QueryParamError);
    expect(() => parseFilterValue('in.(a,b')).toThrow(QueryParamError);
    expect(() => parseFilterValue('eq')).toThrow(QueryParamError);
  });
});

describe('parseLogicTree', () => {
  it('reads nested and/or/not with quoted values', () => {
    const tree = parseLogicTree('or', '(name.eq."Smith, (Jr.)",and(age.gt.2,nick.is.null),not.and(a.eq.1,b.in.(x,"y,z")),tags.cs.{a,b})');
    expect(tree).toEqual<LogicTree>({
      kind: 'expr',
      negate: false,
      op: 'or',
      children: [
        { kind: 'filter', filter: { field: plain('name'), negate: false, operation: { kind: 'op', op: 'eq', quantifier: null, value: 'Smith, (Jr.)' } } },
        {
          kind: 'expr',
          negate: false,
          op: 'and',
          children: [
            { kind: 'filter', filter: { field: plain('age'), negate: false, operation: { kind: 'op', op: 'gt', quantifier: null, value: '2' } } },
            { kind: 'filter', filter: { field: plain('nick'), negate: false, operation: { kind: 'is', value: 'null' } } },
          ],
        },
        {
          kind: 'expr',
          negate: true,
          op: 'and',
          children: [
            { kind: 'filter', filter: { field: plain('a'), negate: false, operation: { kind: 'op', op: 'eq', quantifier: null, value: '1' } } },
            { kind: 'filter', filter: { field: plain('b'), negate: false, operation: { kind: 'in', values: ['x', 'y,z'] } } },
          ],
        },
        { kind: 'filter', filter: { field: plain('tags'), negate: false, operation: { kind: 'op', op: 'cs', quantifier: null, value: '{a,b}' } } },
      ],
    });
  });

  it('negates the whole tree for not.or', () => {
    expect(parseLogicTree('not.or', '(a.eq.1,b.eq.2)')).toMatchObject({ kind: 'expr', negate: true, op: 'or' });
  });

  it.each(['()', '(a.eq.1', '(a.eqq.1)', 'a.eq.1', '(a.eq.1)x'])('rejects %j', (value) => {
    expect(() => parseLogicTree('or', value)).toThrow(QueryParamError);
  });
});

describe('parseOrder and keys', () => {
  it('reads directions, nulls and related orders', () => {
    expect(parseOrder('name.desc.nullslast,id,org(legal_name).asc,data->>k.nullsfirst')).toEqual([
      { kind: 'field', field: plain('name'), direction: 'desc', nulls: 'last' },
      { kind: 'field', field: plain('id'), direction: null, nulls: null },
      { kind: 'relation', relation: 'org', field: plain('legal_name'), direction: 'asc', nulls: null },
      { kind: 'field', field: { name: 'data', jsonPath: [{ arrow: '->>', operand: 'k', isIndex: false }] }, direction: null, nulls: 'first' },
    ]);
    expect(() => parseOrder('id.ac')).toThrow(QueryParamError);
    expect(() => parseOrder('id.descc')).toThrow(QueryParamError);
  });

  it('splits filter and logic keys into embed paths', () => {
    expect(parseTreePath('organizations.legal_name')).toEqual({ path: ['organizations'], field: plain('legal_name') });
    expect(parseTreePath('nppes_data->>name')).toEqual({ path: [], field: { name: 'nppes_data', jsonPath: [{ arrow: '->>', operand: 'name', isIndex: false }] } });
    expect(parseLogicKey('memberships.not.or')).toEqual({ path: ['memberships'], op: 'not.or' });
  });
});

/** How a client that escapes properly quotes an `in`/logic value. */
const quote = (value: string) => `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
/** How postgrest-js 2.119 writes `in` values: quoted only when they hold `,()`, never escaped. */
const postgrestJs = (value: string) => (/[,()]/.test(value) ? `"${value}"` : value);

describe('property: values survive the grammar', () => {
  const anyText = fc.string({ unit: 'binary', maxLength: 200 });

  it('in-lists of escaped values round-trip (commas, parentheses, quotes, unicode, long strings)', () => {
    fc.assert(
      fc.property(fc.array(anyText, { minLength: 2, maxLength: 8 }), (values) => {
        const parsed = parseFilterValue(`in.(${values.map(quote).join(',')})`).operation;
        expect(parsed).toEqual({ kind: 'in', values });
      }),
    );
  });

  it('in-lists written by postgrest-js round-trip when values hold no quote or backslash', () => {
    const jsSafe = fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).filter((s) => !/["\\]/.test(s) && !/^[ \t]/.test(s));
    fc.assert(
      fc.property(fc.array(jsSafe, { minLength: 1, maxLength: 6 }), (values) => {
        expect(parseFilterValue(`in.(${values.map(postgrestJs).join(',')})`).operation).toEqual({ kind: 'in', values });
      }),
    );
  });

  it('quoted values inside or=(…) round-trip', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        const tree = parseLogicTree('or', `(name.eq.${quote(a)},and(nick.neq.${quote(b)},id.in.(${quote(a)},${quote(b)})))`);
        expect(tree).toMatchObject({
          children: [
            { filter: { operation: { value: a } } },
            { children: [{ filter: { operation: { value: b } } }, { filter: { operation: { values: [a, b] } } }] },
          ],
        });
      }),
    );
  });

  it('arbitrary input never crashes the parsers with anything but a PGRST100 error', () => {
    const noise = fc.string({ unit: fc.constantFrom(...'abc.,()"\\!:*->{}_ 0é'.split('')), maxLength: 40 });
    const parsers = [parseSelect, parseFilterValue, (v: string) => parseLogicTree('or', v), parseOrder, parseTreePath];
    fc.assert(
      fc.property(fc.oneof(noise, anyText), (input) => {
        for (const parse of parsers) {
          try {
            parse(input);
          } catch (error) {
            expect(error).toBeInstanceOf(QueryParamError);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
