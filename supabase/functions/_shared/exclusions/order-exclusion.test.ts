import { describe, expect, it } from 'vitest';
import { confirmedExclusion, exclusionLabel, exclusionOrderMessage } from './order-exclusion.ts';

const confirmed = { basis: 'name_state', status: 'confirmed', excl_type: '1128b4', excl_date: '2019-07-18T00:00:00Z' };

describe('a confirmed exclusion on orders', () => {
  it('reads the type and date of the confirmed match, from an object or a JSON string', () => {
    const data = { matches: [{ status: 'possible', excl_type: '1128a1', excl_date: '2001-01-01' }, confirmed] };
    expect(confirmedExclusion({ exclusion_status: 'excluded', exclusion_data: data })).toEqual({ type: '1128b4', date: '2019-07-18' });
    expect(confirmedExclusion({ exclusion_status: 'excluded', exclusion_data: JSON.stringify(data) })).toEqual({ type: '1128b4', date: '2019-07-18' });
  });

  it('is null unless the status is excluded, and says so when the list gives no facts', () => {
    expect(confirmedExclusion({ exclusion_status: 'possible', exclusion_data: { matches: [confirmed] } })).toBeNull();
    expect(confirmedExclusion({ exclusion_status: null })).toBeNull();
    expect(confirmedExclusion({})).toBeNull();
    const bare = confirmedExclusion({ exclusion_status: 'excluded', exclusion_data: 'not json' });
    expect(bare).toEqual({ type: null, date: null });
    expect(exclusionLabel(bare!)).toBe('Excluded (type not given, date not given)');
  });

  it('words the refusal as the server does, with the facts', () => {
    expect(exclusionOrderMessage({ type: '1128a1', date: '2020-03-19' })).toBe(
      'The ordering provider is on the OIG exclusion list: no order can be placed in their name. Excluded (1128a1, 2020-03-19).',
    );
  });
});
