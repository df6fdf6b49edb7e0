import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, MAX_SIZE, parseCmsQuery, searchCms, type CmsQuery } from './cms-query.ts';
import type { CmsRow } from './types.ts';

const rows: CmsRow[] = [
  { NPI: '1234567893', LAST_NAME: 'DOE', FIRST_NAME: 'JANE', PARTB: 'Y' },
  { NPI: '1047123405', LAST_NAME: 'MENDEZ', FIRST_NAME: 'ROBERT', PARTB: 'N' },
  { NPI: '1890246816', LAST_NAME: 'OKAFOR', FIRST_NAME: 'SAMUEL', PARTB: 'Y' },
];

function queryOf(query: string): CmsQuery {
  const parsed = parseCmsQuery(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.query;
}

describe('CMS data API query', () => {
  it('reads filter[COLUMN] whether the brackets are encoded or not', () => {
    expect(queryOf('filter[NPI]=1234567893').filters).toEqual([['NPI', '1234567893']]);
    expect(queryOf('filter%5BNPI%5D=1234567893&size=10').filters).toEqual([['NPI', '1234567893']]);
  });

  it('filters on any column, several filters ANDed, [] when nothing matches', () => {
    expect(searchCms(rows, queryOf('filter[NPI]=1234567893'))).toEqual([rows[0]]);
    expect(searchCms(rows, queryOf('filter[PARTB]=Y')).map((r) => r.NPI)).toEqual(['1234567893', '1890246816']);
    expect(searchCms(rows, queryOf('filter[PARTB]=Y&filter[LAST_NAME]=OKAFOR')).map((r) => r.NPI)).toEqual(['1890246816']);
    expect(searchCms(rows, queryOf('filter[NPI]=1555000045'))).toEqual([]);
    expect(searchCms(rows, queryOf('filter[NO_SUCH_COLUMN]=x'))).toEqual([]);
  });

  it('pages with size and offset', () => {
    expect(queryOf('').size).toBe(DEFAULT_SIZE);
    expect(queryOf('size=99999').size).toBe(MAX_SIZE);
    expect(searchCms(rows, queryOf('size=1&offset=1')).map((r) => r.NPI)).toEqual(['1047123405']);
    expect(searchCms(rows, queryOf('size=0'))).toEqual([]);
  });

  it('supports keyword and column projection', () => {
    expect(searchCms(rows, queryOf('keyword=mend')).map((r) => r.NPI)).toEqual(['1047123405']);
    expect(searchCms(rows, queryOf('filter[NPI]=1234567893&column=NPI,PARTB'))).toEqual([{ NPI: '1234567893', PARTB: 'Y' }]);
  });

  it('rejects a size or offset that is not a non-negative integer', () => {
    expect(parseCmsQuery(new URLSearchParams('size=-1'))).toEqual({ ok: false, message: 'The size parameter must be a non-negative integer' });
    expect(parseCmsQuery(new URLSearchParams('offset=abc'))).toEqual({ ok: false, message: 'The offset parameter must be a non-negative integer' });
  });
});
