import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, importSummary, MAX_IMPORT_ROWS, readImportRows, type DirectoryFacts } from './import-rows.ts';

// Valid check digits: 1234567893, 1245319599, 1003000126; 1234567890 is a typo.
const directory: DirectoryFacts = {
  providersByNpi: new Map([['1003000126', 'Ada Lovelace, MD']]),
  organizationsByAccount: new Map([['A-1001', 'org-1']]),
};

describe('reading a bulk import file', () => {
  it('reads the columns in any order and case, trims cells, and links the account number', () => {
    const read = readImportRows('Email,NPI,Account Number,phone,Notes\r\n ada@clinic.org , 1234567893 ,A-1001,(518) 555-0100,hi\r\n', directory);
    expect(read).toEqual({
      ok: true,
      ignoredColumns: ['Notes'],
      rows: [{ line: 2, npi: '1234567893', account_number: 'A-1001', email: 'ada@clinic.org', phone: '(518) 555-0100', organization_id: 'org-1', problems: [] }],
    });
  });

  it('says what is wrong with each row, naming the row a duplicate repeats', () => {
    const file = ['npi,account_number,email', '1234567893,,', '1234567890,,', '12345,,', ',,', ',,a@b.org', '', '1234567893,,', '1003000126,,', '1245319599,Z-9,not-an-email'].join('\n');
    const read = readImportRows(file, directory);
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, ['This is not a valid NPI: its check digit does not match. Please check the number for a typo.']],
      [4, ['An NPI must be exactly 10 digits.']],
      // Line 5 is blank (skipped); line 7 is blank too.
      [6, ['An NPI is required.']],
      [8, ['Same NPI as row 2.']],
      [9, ['Already in the directory: Ada Lovelace, MD.']],
      [10, ['Invalid email format', 'No organization has the account number Z-9.']],
    ]);
    expect(importSummary(read.rows)).toEqual({ valid: 1, withProblems: 6 });
  });

  it('refuses a file it cannot use as a whole, saying why', () => {
    expect(readImportRows(' \n', directory)).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(readImportRows('number,email\n1234567893,a@b.org\n', directory)).toEqual({
      ok: false,
      message: 'The file has no npi column: its first row must name the columns (npi, and optionally account_number, email, phone).',
    });
    const tooMany = ['npi', ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => '1234567893')].join('\n');
    expect(readImportRows(tooMany, directory)).toEqual({ ok: false, message: 'The file has 1001 rows; import at most 1000 at a time.' });
    expect(readImportRows('npi,email\n"1234567893,a@b.org\n', directory)).toMatchObject({ ok: false, message: expect.stringMatching(/^The file is not a readable CSV: /) });
  });
});
