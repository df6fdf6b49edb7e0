// The OIG's LEIE file (UPDATED.csv) read into entries the screening matches against: the
// published columns (LASTNAME … WVRSTATE) checked in the header, names upper-cased and
// trimmed, NPI null where the list says 0000000000, dates (YYYYMMDD) null where 00000000.
// The file is plain RFC 4180 CSV (quoted fields hold commas, e.g. "SMITH MEDICAL SUPPLY,
// INC"); the small reader here keeps the Edge Functions free of an npm CSV package. Pure.

export const LEIE_COLUMNS = ['LASTNAME', 'FIRSTNAME', 'MIDNAME', 'BUSNAME', 'GENERAL', 'SPECIALTY', 'UPIN', 'NPI', 'DOB', 'ADDRESS', 'CITY', 'STATE', 'ZIP', 'EXCLTYPE', 'EXCLDATE', 'REINDATE', 'WAIVERDATE', 'WVRSTATE'] as const;

export interface LeieEntry {
  line: number;
  entry_key: string;
  npi: string | null;
  last_name: string;
  first_name: string;
  mid_name: string;
  bus_name: string;
  general: string;
  specialty: string;
  /** ISO dates (YYYY-MM-DD) or null. */
  dob: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  excl_type: string;
  excl_date: string | null;
  rein_date: string | null;
  waiver_date: string | null;
  waiver_state: string;
}

export type LeieRead = { ok: true; entries: LeieEntry[] } | { ok: false; message: string };

/** RFC 4180 records: fields split on commas, quotes doubled inside quoted fields, CRLF or LF. */
export function csvRecords(text: string): string[][] | null {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (quoted) return null;
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => !(r.length === 1 && r[0].trim() === ''));
}

/** A YYYYMMDD date as YYYY-MM-DD; null for 00000000, empty or impossible dates. */
export function leieDate(value: string): string | null {
  const v = value.trim();
  if (!/^\d{8}$/.test(v) || v === '00000000') return null;
  const iso = `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

const clean = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

export function parseLeieCsv(text: string): LeieRead {
  const records = csvRecords(text.replace(/^\uFEFF/, ''));
  if (!records) return { ok: false, message: 'The LEIE file is not a readable CSV: a quoted field is never closed.' };
  if (records.length === 0) return { ok: false, message: 'The LEIE file is empty.' };
  const header = records[0].map((name) => name.trim().toUpperCase());
  const missing = LEIE_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length) return { ok: false, message: `The LEIE file lacks the column(s) ${missing.join(', ')}.` };
  const at = Object.fromEntries(LEIE_COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<(typeof LEIE_COLUMNS)[number], number>;
  const entries = records.slice(1).map((cells, index): LeieEntry => {
    const get = (column: (typeof LEIE_COLUMNS)[number]) => clean(cells[at[column]]);
    const npi = get('NPI');
    const entry = {
      line: index + 2,
      npi: /^\d{10}$/.test(npi) && npi !== '0000000000' ? npi : null,
      last_name: get('LASTNAME'),
      first_name: get('FIRSTNAME'),
      mid_name: get('MIDNAME'),
      bus_name: get('BUSNAME'),
      general: get('GENERAL'),
      specialty: get('SPECIALTY'),
      dob: leieDate(get('DOB')),
      address: get('ADDRESS'),
      city: get('CITY'),
      state: get('STATE'),
      zip: get('ZIP'),
      excl_type: (cells[at.EXCLTYPE] ?? '').trim(), // the statute keeps its case: 1128a1, 1128Aa
      excl_date: leieDate(get('EXCLDATE')),
      rein_date: leieDate(get('REINDATE')),
      waiver_date: leieDate(get('WAIVERDATE')),
      waiver_state: get('WVRSTATE'),
    };
    return { ...entry, entry_key: entryKey(entry) };
  });
  return { ok: true, entries };
}

/** The same exclusion in the next month's file has the same key (the line number moves). */
export function entryKey(entry: Pick<LeieEntry, 'npi' | 'last_name' | 'first_name' | 'mid_name' | 'bus_name' | 'dob' | 'excl_type' | 'excl_date'>): string {
  return [entry.npi ?? '', entry.last_name, entry.first_name, entry.mid_name, entry.bus_name, entry.dob ?? '', entry.excl_type, entry.excl_date ?? ''].join('|');
}
