// Property tests of the postgres_changes filter parser with hostile filter text: it never
// throws anything but a FilterError, and what it accepts compiles to SQL made only of the
// known operators over the quoted column, every value travelling as a bind parameter
// (never spliced into the SQL), including operator names that are Object.prototype keys.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileText, hostileTextOrHuge } from '../../../tests/helpers/hostile-text.ts';
import { FilterError, compileFilter, parseFilter } from './filters.ts';

const COLUMNS = ['id', 'last_name'];
const operator = fc.constantFrom(
  'eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
  'toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'nope', '',
);
const isValue = fc.constantFrom('null', 'TRUE', 'false', 'unknown', 'constructor', '__proto__', 'toString', 'x');
const condition = fc
  .tuple(fc.constantFrom(...COLUMNS, 'other'), fc.boolean(), operator, fc.oneof(hostileText, isValue, hostileText.map((text) => `(${text})`)))
  .map(([column, negate, op, value]) => `${column}=${negate ? 'not.' : ''}${op}.${value}`);
const filterText = fc.oneof(fc.array(condition, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(',')), hostileTextOrHuge);

// One condition: not (…) or (…), the quoted column, a known operator, then bind parameters.
const OPERATORS = String.raw`(=|<>|<|<=|>|>=|like|ilike|~|~\*)`;
const CONDITION = new RegExp(
  String.raw`^(not )?\(t\."(id|last_name)"(::text)? (${OPERATORS} \$\d+|in \(\$\d+(, \$\d+)*\)|is (null|true|false|unknown)|is distinct from \$\d+)\)$`,
);

describe('postgres_changes filters under hostile text', () => {
  it('parse or refuse with a FilterError; what is accepted compiles to known SQL with values bound', () => {
    fc.assert(
      fc.property(filterText, (text) => {
        let conditions;
        try {
          conditions = parseFilter(text, COLUMNS);
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          return;
        }
        const params: unknown[] = [];
        const sql = compileFilter(conditions, params);
        if (conditions.length === 0) return void expect(sql).toBe('true');
        expect(sql.startsWith('coalesce(') && sql.endsWith(', false)')).toBe(true);
        for (const part of sql.slice('coalesce('.length, -', false)'.length).split(' and ')) expect(part).toMatch(CONDITION);
        expect(params.every((param) => typeof param === 'string')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
