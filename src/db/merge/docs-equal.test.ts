import { describe, expect, it } from 'vitest';
import { providerColumns } from '../tables/definitions.ts';
import { docsEqual } from './docs-equal.ts';

const doc = {
  id: 'a',
  first_name: 'Jane',
  updated_at: '2026-11-21T10:00:00.123Z',
  server_modified: '2026-11-21T10:00:00.123456+00:00',
  nppes_data: { b: 1, a: [1] },
  local_dirty: true,
  sort_name: 'doe jane',
  _meta: { lwt: 1 },
  _rev: '1-x',
};

describe('docsEqual', () => {
  it('ignores local-only fields and RxDB bookkeeping', () => {
    expect(docsEqual(doc, { ...doc, local_dirty: false, sort_name: 'x', _rev: '2-y', _meta: { lwt: 2 } })).toBe(true);
  });

  it('compares deletion, data, and the server version', () => {
    expect(docsEqual(doc, { ...doc, _deleted: true })).toBe(false);
    expect(docsEqual({ ...doc, _deleted: false }, doc)).toBe(true);
    expect(docsEqual(doc, { ...doc, first_name: 'June' })).toBe(false);
    expect(docsEqual(doc, { ...doc, server_modified: '2026-11-21T10:00:00.123457+00:00' })).toBe(false);
  });

  it('compares timestamps by instant when the columns are known, and jsonb by content', () => {
    const other = { ...doc, updated_at: '2026-11-21T10:00:00.123000+00:00', nppes_data: { a: [1], b: 1 } };
    expect(docsEqual(doc, other, providerColumns)).toBe(true);
    expect(docsEqual(doc, other)).toBe(false);
  });
});
