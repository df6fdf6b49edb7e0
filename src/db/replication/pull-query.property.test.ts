// The pull filter built by the client, read by the server's PostgREST grammar: for any
// checkpoint text (quotes, backslashes, commas, parentheses, unicode, long strings) the
// server reads back exactly the values the client meant, in the sync-order shape.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLogicTree } from '../../../supabase/local/rest/grammar-filter.ts';
import { hostileTextOrHuge } from '../../../tests/helpers/hostile-text.ts';
import { afterCheckpointFilter } from './pull-query.ts';

const op = (name: string, operator: string, value: string) => ({
  kind: 'filter',
  filter: { field: { name, jsonPath: [] }, negate: false, operation: { kind: 'op', op: operator, quantifier: null, value } },
});

describe('afterCheckpointFilter under hostile checkpoint text', () => {
  it('is read by the server as (_modified > m) or (_modified = m and id > i), values intact', () => {
    const modified = fc.oneof(fc.date({ noInvalidDate: true }).map((date) => date.toISOString().replace('Z', '+00:00')), hostileTextOrHuge);
    fc.assert(
      fc.property(modified, fc.oneof(fc.uuid(), hostileTextOrHuge), (m, id) => {
        const tree = parseLogicTree('or', `(${afterCheckpointFilter({ modified: m, id })})`);
        expect(tree).toMatchObject({
          kind: 'expr', negate: false, op: 'or',
          children: [op('_modified', 'gt', m), { kind: 'expr', negate: false, op: 'and', children: [op('_modified', 'eq', m), op('id', 'gt', id)] }],
        });
      }),
      { numRuns: 200 },
    );
  });
});
