import { describe, expect, it } from 'vitest';
import { QueryParamError } from './grammar-types.ts';
import { parsePrefer, appliedPreferences } from './prefer.ts';
import { parseQuery } from './query-params.ts';
import { negotiate, parseRangeHeader, topLevelRange } from './request.ts';

const query = (qs: string) => parseQuery(new URLSearchParams(qs));

describe('parseQuery', () => {
  it('separates select, filters, logic, order, ranges and plain parameters', () => {
    const parsed = query(
      'select=id,memberships(id)&id=eq.1&memberships.is_active=is.true&or=(a.eq.1,b.eq.2)&memberships.or=(c.eq.3)' +
        '&order=id.desc&memberships.order=id&limit=10&offset=20&memberships.limit=2&npi=1234567893&apikey=x',
    );
    expect(parsed.select).toHaveLength(2);
    expect(parsed.filters.map((f) => [f.path, f.filter.field.name])).toEqual([
      [[], 'id'],
      [['memberships'], 'is_active'],
    ]);
    expect(parsed.logic.map((l) => l.path)).toEqual([[], ['memberships']]);
    expect(parsed.order.map((o) => o.path)).toEqual([[], ['memberships']]);
    expect(parsed.ranges.get('')).toEqual({ offset: 20, limit: 10 });
    expect(parsed.ranges.get('memberships')).toEqual({ offset: 0, limit: 2 });
    // Values without an operator are not filters: they are RPC arguments (or ignored).
    expect(parsed.params).toEqual([
      ['npi', '1234567893'],
      ['apikey', 'x'],
    ]);
  });

  it('repeats a column to AND its filters, defaults select to *', () => {
    const parsed = query('age=gte.18&age=lt.65');
    expect(parsed.select).toEqual([{ kind: 'star' }]);
    expect(parsed.filters.map((f) => f.filter.operation)).toEqual([
      { kind: 'op', op: 'gte', quantifier: null, value: '18' },
      { kind: 'op', op: 'lt', quantifier: null, value: '65' },
    ]);
  });

  it('reads columns and on_conflict as quoted or bare names', () => {
    const parsed = query('columns="legal_name","type"&on_conflict=provider_id,organization_id');
    expect(parsed.columns).toEqual(['legal_name', 'type']);
    expect(parsed.onConflict).toEqual(['provider_id', 'organization_id']);
  });

  it('ignores unparseable limits and fails on malformed filters', () => {
    expect(query('limit=abc').ranges.size).toBe(0);
    expect(() => query('id=eq')).toThrow(QueryParamError);
    expect(() => query('select=id,')).toThrow(QueryParamError);
  });
});

describe('Prefer', () => {
  it('takes the first recognised value of each preference, comma-joined', () => {
    const prefs = parsePrefer('resolution=merge-duplicates, return=minimal,return=representation,count=exact,bogus=1,missing=default');
    expect(prefs).toEqual({ return: 'minimal', count: 'exact', resolution: 'merge-duplicates', missing: 'default', params: null, tx: null });
    expect(appliedPreferences(prefs, ['return', 'count', 'tx'])).toBe('return=minimal, count=exact');
    expect(parsePrefer(undefined).return).toBeNull();
  });
});

describe('Accept, Range', () => {
  it('negotiates arrays, single objects and stripped nulls; refuses the rest with PGRST107', () => {
    expect(negotiate(undefined)).toBe('array');
    expect(negotiate('application/vnd.pgrst.object+json')).toBe('object');
    expect(negotiate('application/vnd.pgrst.array+json;nulls=stripped')).toBe('array-stripped');
    expect(negotiate('text/html, */*;q=0.8')).toBe('array');
    expect(() => negotiate('text/csv')).toThrow(expect.objectContaining({ status: 406, body: expect.objectContaining({ code: 'PGRST107' }) }));
  });

  it('reads Range headers and intersects them with limit/offset', () => {
    expect(parseRangeHeader('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRangeHeader('5-')).toEqual({ offset: 5, limit: null });
    expect(parseRangeHeader('junk')).toBeNull();
    expect(() => parseRangeHeader('9-2')).toThrow(expect.objectContaining({ status: 416 }));
    expect(topLevelRange({ offset: 0, limit: 10 }, { offset: 5, limit: 100 })).toEqual({ offset: 5, limit: 5 });
    expect(topLevelRange(null, { offset: 3, limit: null })).toEqual({ offset: 3, limit: null });
  });
});
