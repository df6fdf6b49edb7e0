/** Reading nppes_data: parsing, first result, primary taxonomy, practice address, dates. */
import { describe, expect, it } from 'vitest';
import { parseJsonObject, textOrNull } from './json-field.ts';
import {
  firstNppesResult,
  hasRegistryData,
  nppesLastUpdated,
  practiceAddress,
  primaryStateAndLicense,
  primaryTaxonomy,
  readNppesData,
  registryContact,
  registryIdentity,
} from './nppes.ts';
import { sampleNppesData } from './nppes-sample.ts';

describe('parseJsonObject', () => {
  it('returns objects as they are and parses JSON text, also encoded twice', () => {
    const data = { a: 1 };
    expect(parseJsonObject(data)).toBe(data);
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject(JSON.stringify(JSON.stringify({ a: 1 })))).toEqual({ a: 1 });
  });

  it('reads anything that is not finally an object as null', () => {
    expect(parseJsonObject(null)).toBeNull();
    expect(parseJsonObject(undefined)).toBeNull();
    expect(parseJsonObject('not json')).toBeNull();
    expect(parseJsonObject('[1,2]')).toBeNull();
    expect(parseJsonObject([1])).toBeNull();
    expect(parseJsonObject(42)).toBeNull();
    expect(parseJsonObject('"just text"')).toBeNull();
  });
});

describe('textOrNull', () => {
  it('trims strings and nulls blanks and non-strings', () => {
    expect(textOrNull('  NY ')).toBe('NY');
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull(7)).toBeNull();
  });
});

describe('nppes_data readers', () => {
  it('parse a JSON-string nppes_data like an object', () => {
    const asText = JSON.stringify(sampleNppesData());
    expect(readNppesData(asText)).toEqual(sampleNppesData());
    expect(primaryTaxonomy(asText)?.code).toBe('207Q00000X');
  });

  it('take the first result', () => {
    expect(firstNppesResult(sampleNppesData())?.number).toBe('1234567893');
    expect(firstNppesResult({ result_count: 0, results: [] })).toBeNull();
    expect(firstNppesResult({ results: 'x' })).toBeNull();
    expect(firstNppesResult({ results: [null] })).toBeNull();
    expect(firstNppesResult(null)).toBeNull();
  });

  it('know whether a record has registry data', () => {
    expect(hasRegistryData(sampleNppesData())).toBe(true);
    expect(hasRegistryData({ result_count: 0, results: [] })).toBe(false);
    expect(hasRegistryData(null)).toBe(false);
  });

  it('find the taxonomy marked primary, not the first one', () => {
    expect(primaryTaxonomy(sampleNppesData())).toMatchObject({ code: '207Q00000X', state: 'NY', license: '123456' });
  });

  it('find no primary taxonomy when none is marked or the list is missing', () => {
    const data = sampleNppesData();
    data.results![0]!.taxonomies = [{ code: 'X', primary: false }, 'junk' as never];
    expect(primaryTaxonomy(data)).toBeNull();
    delete data.results![0]!.taxonomies;
    expect(primaryTaxonomy(data)).toBeNull();
    expect(primaryStateAndLicense(data)).toEqual({ state: '', license: '' });
  });

  it("read the primary taxonomy's state and license", () => {
    expect(primaryStateAndLicense(sampleNppesData())).toEqual({ state: 'NY', license: '123456' });
  });

  it('prefer the LOCATION address, then PRIMARY, ignoring MAILING', () => {
    expect(practiceAddress(sampleNppesData())?.address_1).toBe('100 MAIN ST');
    const older = sampleNppesData();
    older.results![0]!.addresses = [
      { address_purpose: 'MAILING', telephone_number: '1' },
      { address_purpose: 'primary', telephone_number: '212-555-0000', fax_number: '' },
    ];
    expect(practiceAddress(older)?.telephone_number).toBe('212-555-0000');
    expect(registryContact(older)).toEqual({ phone: '212-555-0000', fax: '' });
    older.results![0]!.addresses = [{ address_purpose: 'MAILING', telephone_number: '1' }];
    expect(practiceAddress(older)).toBeNull();
    expect(registryContact(older)).toEqual({ phone: '', fax: '' });
  });

  it('prefill phone and fax from the practice address', () => {
    expect(registryContact(sampleNppesData())).toEqual({ phone: '518-555-0100', fax: '518-555-0101' });
    expect(registryContact(null)).toEqual({ phone: '', fax: '' });
  });

  it('read the last registry update: document, then result, then basic', () => {
    const data = sampleNppesData();
    expect(nppesLastUpdated(data)).toBe('2024-05-29');
    delete data.last_updated_date;
    expect(nppesLastUpdated(data)).toBe('2024-05-28');
    delete data.results![0]!.last_updated;
    expect(nppesLastUpdated(data)).toBe('2024-05-27');
    delete data.results![0]!.basic;
    expect(nppesLastUpdated(data)).toBeNull();
    expect(nppesLastUpdated(null)).toBeNull();
  });

  it("read the registry's name and credential", () => {
    expect(registryIdentity(sampleNppesData())).toEqual({ first_name: 'JANE', last_name: 'DOE', credential: 'M.D.' });
    expect(registryIdentity(null)).toEqual({ first_name: '', last_name: '', credential: '' });
  });
});
