import { describe, expect, it } from 'vitest';
import { acceptsFile } from './accepts-file.ts';

describe('acceptsFile', () => {
  it('takes a file by extension, exact type or type family, as the picker does', () => {
    expect(acceptsFile({ name: 'npis.CSV', type: '' }, '.csv,text/csv')).toBe(true);
    expect(acceptsFile({ name: 'export', type: 'text/csv' }, '.csv,text/csv')).toBe(true);
    expect(acceptsFile({ name: 'abn.heic', type: 'image/heic' }, 'image/*,application/pdf')).toBe(true);
    expect(acceptsFile({ name: 'abn.pdf', type: 'application/pdf' }, 'image/jpeg, application/pdf')).toBe(true);
  });

  it('refuses another kind of file, and takes anything without a list', () => {
    expect(acceptsFile({ name: 'npis.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, '.csv,text/csv')).toBe(false);
    expect(acceptsFile({ name: 'notes.txt', type: 'text/plain' }, 'image/*,application/pdf')).toBe(false);
    expect(acceptsFile({ name: 'anything.bin', type: '' }, '')).toBe(true);
  });
});
