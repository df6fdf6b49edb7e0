import { describe, expect, it } from 'vitest';
import { parseJsonColumn, parseTextArrayColumn } from './json-columns.ts';
import { docToRow, fieldsOf, newLocalDoc, rowToDoc } from './row-mapping.ts';

const clock = { now: () => '2026-11-21T10:00:00.000Z', newId: () => '00000000-0000-4000-8000-000000000042' };

describe('jsonb values arriving as JSON text (spec §3)', () => {
  it('parses JSON text of an object or array', () => {
    expect(parseJsonColumn('{"result_count":1,"results":[{"number":"1234567893"}]}')).toEqual({
      result_count: 1,
      results: [{ number: '1234567893' }],
    });
    expect(parseJsonColumn(' [1, 2] ')).toEqual([1, 2]);
  });

  it('unwraps JSON encoded twice', () => {
    const twice = JSON.stringify(JSON.stringify({ verified: true }));
    expect(parseJsonColumn(twice)).toEqual({ verified: true });
  });

  it('keeps objects, null and text that is not JSON of an object as they are', () => {
    const object = { a: 1 };
    expect(parseJsonColumn(object)).toBe(object);
    expect(parseJsonColumn(null)).toBeNull();
    expect(parseJsonColumn(undefined)).toBeNull();
    expect(parseJsonColumn('not json {')).toBe('not json {');
    expect(parseJsonColumn('{broken')).toBe('{broken');
    expect(parseJsonColumn('"just a string"')).toBe('"just a string"');
    expect(parseJsonColumn(42)).toBe(42);
  });
});

describe('text[] values', () => {
  it('accepts arrays, JSON text and Postgres array literals', () => {
    expect(parseTextArrayColumn(['a@x.test', 7, 'b@x.test'])).toEqual(['a@x.test', 'b@x.test']);
    expect(parseTextArrayColumn('["a@x.test"]')).toEqual(['a@x.test']);
    expect(parseTextArrayColumn('{a@x.test,"b, c@x.test"}')).toEqual(['a@x.test', 'b, c@x.test']);
    expect(parseTextArrayColumn('{}')).toEqual([]);
    expect(parseTextArrayColumn(null)).toEqual([]);
    expect(parseTextArrayColumn('')).toEqual([]);
  });
});

describe('server rows and local documents', () => {
  const row = {
    id: 'p1',
    npi: '1234567893',
    first_name: 'Jane',
    last_name: 'Doe',
    nppes_data: '{"results":[]}',
    pecos_verification_data: null,
    is_active: true,
    created_at: '2026-11-21T09:00:00.123456+00:00',
    updated_at: '2026-11-21T09:00:00.123456+00:00',
    _modified: '2026-11-21T09:00:00.123457+00:00',
    _deleted: false,
    unknown_new_column: 'ignored',
  };

  it('maps a server row to a clean, not-dirty local document', () => {
    const doc = rowToDoc('providers', row);
    expect(doc).toMatchObject({
      id: 'p1',
      nppes_data: { results: [] },
      nickname: null,
      server_modified: '2026-11-21T09:00:00.123457+00:00',
      local_dirty: false,
      sort_name: 'doe jane',
      npi_key: '1234567893',
      _deleted: false,
    });
    expect(doc).not.toHaveProperty('_modified');
    expect(doc).not.toHaveProperty('unknown_new_column');
  });

  it('maps a local document back to the row sync_push expects', () => {
    const back = docToRow('providers', fieldsOf(rowToDoc('providers', { ...row, _deleted: true })));
    expect(back).toMatchObject({ id: 'p1', _modified: row._modified, _deleted: true, nppes_data: { results: [] }, nickname: null });
    expect(back).not.toHaveProperty('server_modified');
    expect(back).not.toHaveProperty('local_dirty');
    expect(back).not.toHaveProperty('sort_name');
  });

  it('completes a record created locally with the migration defaults', () => {
    expect(newLocalDoc('provider_preferences', { provider_id: 'p1' }, clock)).toEqual({
      id: '00000000-0000-4000-8000-000000000042',
      provider_id: 'p1',
      email_notifications: false,
      fax_notifications: false,
      in_app_notifications: true,
      report_format: 'summary',
      fax_number: null,
      favorite_reports: [],
      created_at: '2026-11-21T10:00:00.000Z',
      updated_at: '2026-11-21T10:00:00.000Z',
      server_modified: null,
      local_dirty: true,
    });
  });

  it('drops NUL characters, which the server cannot store, from text, text[] and jsonb values', () => {
    const doc = newLocalDoc(
      'providers',
      { first_name: 'Ada\u0000', last_name: 'Lovelace', favorite_tests: ['CBC\u0000'], nppes_data: { results: [{ name: 'x\u0000y' }] } },
      clock,
    );
    expect([doc.first_name, doc.favorite_tests, doc.nppes_data]).toEqual(['Ada', ['CBC'], { results: [{ name: 'xy' }] }]);
    expect(JSON.stringify(docToRow('providers', fieldsOf(doc)))).not.toContain('\\u0000');
  });
});

