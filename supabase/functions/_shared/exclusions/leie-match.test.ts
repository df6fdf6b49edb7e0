import { describe, expect, it } from 'vitest';
import { csvRecords, entryKey, leieDate, parseLeieCsv, type LeieEntry } from './leie-file.ts';
import { businessNameKey, firstNameKey, matchOrganization, matchProvider, nameKey, organizationState, practiceState, type ScreenedOrganization, type ScreenedProvider } from './leie-match.ts';

const HEADER = 'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';

function entry(changes: Partial<LeieEntry> = {}): LeieEntry {
  const base = {
    line: 2, npi: null, last_name: "O'CONNOR", first_name: 'MARY', mid_name: 'A', bus_name: '', general: 'MEDICAL PRACTICE, MD', specialty: 'FAMILY PRACTICE',
    dob: '1970-01-02', address: '1 MAIN ST', city: 'ALBANY', state: 'NY', zip: '12207', excl_type: '1128a1', excl_date: '2020-03-04', rein_date: null, waiver_date: null, waiver_state: '',
    ...changes,
  };
  return { ...base, entry_key: entryKey(base) };
}

const provider = (changes: Partial<ScreenedProvider> = {}): ScreenedProvider => ({ id: 'p1', npi: '1234567893', first_name: 'Mary Ann', last_name: 'OConnor', state: 'NY', ...changes });
const TODAY = '2026-11-26';

describe('reading the LEIE file', () => {
  it('reads quoted fields with commas and doubled quotes, CRLF and a last line without one', () => {
    expect(csvRecords('a,"b, c","say ""hi"""\r\nd,,e')).toEqual([['a', 'b, c', 'say "hi"'], ['d', '', 'e']]);
    expect(csvRecords('a,"open\r\n')).toBeNull();
  });

  it('turns the published columns into entries: NPI 0000000000 and dates 00000000 are absent', () => {
    const file = `${HEADER}\r\nsmith ,john,,,"MEDICAL PRACTICE, MD",FAMILY PRACTICE,,0000000000,19700102,1 MAIN ST,ALBANY,NY,12207,1128a1,20200304,00000000,00000000,\r\n,,,"ACME MEDICAL SUPPLY, INC",BUSINESS,DME,,1234567893,,2 OAK AVE,MIAMI,FL,33125,1128b7,20190101,20240101,00000000,\r\n`;
    const read = parseLeieCsv(file);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.entries).toHaveLength(2);
    expect(read.entries[0]).toMatchObject({ line: 2, npi: null, last_name: 'SMITH', first_name: 'JOHN', general: 'MEDICAL PRACTICE, MD', dob: '1970-01-02', excl_date: '2020-03-04', rein_date: null, state: 'NY' });
    expect(read.entries[1]).toMatchObject({ line: 3, npi: '1234567893', bus_name: 'ACME MEDICAL SUPPLY, INC', dob: null, rein_date: '2024-01-01' });
    expect(read.entries[0].entry_key).toBe('|SMITH|JOHN|||1970-01-02|1128a1|2020-03-04');
  });

  it('refuses a file without the published columns, with their names', () => {
    expect(parseLeieCsv('LASTNAME,FIRSTNAME\r\nA,B\r\n')).toEqual({ ok: false, message: expect.stringContaining('The LEIE file lacks the column(s) MIDNAME, BUSNAME,') });
    expect(parseLeieCsv('')).toEqual({ ok: false, message: 'The LEIE file is empty.' });
  });

  it('reads only real dates', () => {
    expect(leieDate('20200230')).toBeNull();
    expect(leieDate('00000000')).toBeNull();
    expect(leieDate('20200229')).toBe('2020-02-29');
  });
});

describe('matching a provider', () => {
  it('an entry with the provider NPI is an exclusion, whatever the name', () => {
    const hit = matchProvider(provider({ last_name: 'Other' }), [entry({ npi: '1234567893' })], TODAY);
    expect(hit.map((h) => h.basis)).toEqual(['npi']);
  });

  it('an entry with another NPI is another person, even with the same name', () => {
    expect(matchProvider(provider(), [entry({ npi: '1999999994' })], TODAY)).toEqual([]);
  });

  it('without an NPI on the list, the same last and first name in the same state is a possible match', () => {
    const hits = matchProvider(provider(), [entry()], TODAY);
    expect(hits).toEqual([{ entry: entry(), basis: 'name_state', stateKnown: true }]);
  });

  it('a provider without an NPI is matched by name even against an entry with one', () => {
    expect(matchProvider(provider({ npi: null }), [entry({ npi: '1999999994' })], TODAY).map((h) => h.basis)).toEqual(['name_state']);
  });

  it('another state, another first name or an entity is no match', () => {
    expect(matchProvider(provider(), [entry({ state: 'FL' })], TODAY)).toEqual([]);
    expect(matchProvider(provider(), [entry({ first_name: 'MARIA' })], TODAY)).toEqual([]);
    expect(matchProvider(provider(), [entry({ last_name: '', first_name: '', bus_name: 'OCONNOR MARY LLC' })], TODAY)).toEqual([]);
  });

  it('with the provider state unknown, the name alone makes it possible and says so', () => {
    expect(matchProvider(provider({ state: null }), [entry({ state: 'FL' })], TODAY)).toEqual([{ entry: entry({ state: 'FL' }), basis: 'name_state', stateKnown: false }]);
  });

  it('a reinstated entry no longer matches; one reinstated in the future still does', () => {
    expect(matchProvider(provider(), [entry({ npi: '1234567893', rein_date: '2025-01-01' })], TODAY)).toEqual([]);
    expect(matchProvider(provider(), [entry({ npi: '1234567893', rein_date: '2027-01-01' })], TODAY)).toHaveLength(1);
  });

  it('compares names as letters only, the first word of a first name', () => {
    expect(nameKey("O'Connor-Smith")).toBe('OCONNORSMITH');
    expect(nameKey('José')).toBe('JOSE');
    expect(firstNameKey(' Mary Ann ')).toBe('MARY');
  });

  it('reads the practice state from a stored NPPES answer or record', () => {
    const record = { addresses: [{ address_purpose: 'MAILING', state: 'FL' }, { address_purpose: 'LOCATION', state: 'ny' }] };
    expect(practiceState({ result_count: 1, results: [record] })).toBe('NY');
    expect(practiceState(record)).toBe('NY');
    expect(practiceState(JSON.stringify(record))).toBe('NY');
    expect(practiceState({ addresses: [] })).toBeNull();
    // Without an address: the primary taxonomy's license state (staff type it for a provider without registry data).
    expect(practiceState({ result_count: 1, results: [{ taxonomies: [{ primary: false, state: 'FL' }, { primary: true, state: 'tx' }] }] })).toBe('TX');
    expect(practiceState(null)).toBeNull();
  });
});

describe('matching an organization', () => {
  const business = (changes: Partial<LeieEntry> = {}) =>
    entry({ last_name: '', first_name: '', mid_name: '', dob: null, bus_name: 'EMPIRE WORKPLACE DRUG TESTING, L.L.C.', general: 'OTHER BUSINESS', state: 'NY', ...changes });
  const organization = (changes: Partial<ScreenedOrganization> = {}): ScreenedOrganization => ({
    id: 'o1', npi: null, names: ['Empire Workplace Drug Testing LLC', 'Empire Drug Testing'], state: 'NY', ...changes,
  });

  it('reads business names without case, punctuation, a leading "The" or the legal form', () => {
    expect(businessNameKey('Smith Medical Supply, Inc.')).toBe('SMITH MEDICAL SUPPLY');
    expect(businessNameKey('SMITH MEDICAL SUPPLY INC')).toBe('SMITH MEDICAL SUPPLY');
    expect(businessNameKey('smith medical supply incorporated')).toBe('SMITH MEDICAL SUPPLY');
    expect(businessNameKey('Empire Workplace Drug Testing, L.L.C.')).toBe('EMPIRE WORKPLACE DRUG TESTING');
    expect(businessNameKey('The Park-Side Home Care Co., Ltd')).toBe('PARK SIDE HOME CARE');
    expect(businessNameKey("O'Brien & Sons Pharmacy Corp.")).toBe('OBRIEN AND SONS PHARMACY');
    expect(businessNameKey('Clínica Médica PC')).toBe('CLINICA MEDICA');
    // A name that is only a legal form keeps it; nothing is an empty key.
    expect(businessNameKey('Inc.')).toBe('INC');
    expect(businessNameKey(' , ')).toBe('');
    expect(businessNameKey(null)).toBe('');
  });

  it('the same business name (legal or DBA) in the same state, listed without an NPI, is a possible match', () => {
    expect(matchOrganization(organization(), [business()], TODAY)).toEqual([{ entry: business(), basis: 'name_state', stateKnown: true }]);
    expect(matchOrganization(organization({ names: ['Other Name LLC', 'Empire Workplace Drug Testing'] }), [business()], TODAY).map((h) => h.basis)).toEqual(['name_state']);
    // An organization with an NPI still meets a list row without one by its name.
    expect(matchOrganization(organization({ npi: '1234567893' }), [business()], TODAY).map((h) => h.basis)).toEqual(['name_state']);
  });

  it('another state, another name, an individual or a row with another NPI is no match', () => {
    expect(matchOrganization(organization(), [business({ state: 'NJ' })], TODAY)).toEqual([]);
    expect(matchOrganization(organization(), [business({ bus_name: 'EMPIRE WORKPLACE TESTING LLC' })], TODAY)).toEqual([]);
    expect(matchOrganization(organization(), [entry({ last_name: 'EMPIRE', first_name: 'DRUG' })], TODAY)).toEqual([]);
    expect(matchOrganization(organization({ npi: '1234567893' }), [business({ npi: '1999999994' })], TODAY)).toEqual([]);
  });

  it('its NPI on the list is an exclusion, whatever the name; a reinstated row is none', () => {
    expect(matchOrganization(organization({ npi: '1234567893' }), [business({ npi: '1234567893', bus_name: 'ANOTHER NAME' })], TODAY).map((h) => h.basis)).toEqual(['npi']);
    expect(matchOrganization(organization(), [business({ rein_date: '2025-06-01' })], TODAY)).toEqual([]);
  });

  it('with its state unknown, the name alone makes it possible and says so', () => {
    expect(matchOrganization(organization({ state: null }), [business({ state: 'NJ' })], TODAY)).toEqual([{ entry: business({ state: 'NJ' }), basis: 'name_state', stateKnown: false }]);
  });

  it('takes its state from the practice address, else the billing address, else its NPPES answer', () => {
    const nppes = { results: [{ addresses: [{ address_purpose: 'LOCATION', state: 'VT' }] }] };
    expect(organizationState({ practice_address: { state: 'NY' }, billing_address: { state: 'NJ' }, nppes_data: nppes })).toBe('NY');
    expect(organizationState({ practice_address: null, billing_address: JSON.stringify({ state: 'nj' }), nppes_data: nppes })).toBe('NJ');
    expect(organizationState({ practice_address: null, billing_address: null, nppes_data: nppes })).toBe('VT');
    expect(organizationState({})).toBeNull();
  });
});
