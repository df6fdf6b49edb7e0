/**
 * An organization record as the pages read it: the JSON columns (addresses, authorized
 * official, pickup windows, closures, contacts) read defensively (anything malformed reads
 * as absent, never as a crash), and the texts every page shows the same way (name with DBA,
 * type, address lines).
 */
import {
  CONTACT_CHANNELS,
  isDate,
  isTime,
  isWeekday,
  type Closure,
  type ContactChannel,
  type OrganizationContact,
  type OrganizationType,
  type PickupWindow,
  type PostalAddress,
} from './rules.ts';

export interface AuthorizedOfficialRecord {
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  credential: string | null;
  title: string | null;
  phone: string | null;
}

export const ORGANIZATION_TYPE_LABELS: Readonly<Record<OrganizationType, string>> = {
  healthcare: 'Healthcare',
  non_healthcare: 'Non-Healthcare',
  sole_proprietor: 'Sole Proprietor',
};

export function organizationTypeLabel(type: string): string {
  return ORGANIZATION_TYPE_LABELS[type as OrganizationType] ?? type;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function addressOf(value: unknown): PostalAddress | null {
  if (!isObject(value)) return null;
  const line1 = text(value.line1);
  const city = text(value.city);
  const state = text(value.state);
  const zip = text(value.zip);
  if (!line1 || !city || !state || !zip) return null;
  return { line1, line2: text(value.line2), city, state, zip };
}

/** 'Albany, NY 12208' and the street lines above it. */
export function addressLines(address: PostalAddress | null): string[] {
  if (!address) return [];
  return [address.line1, address.line2 ?? '', `${address.city}, ${address.state} ${address.zip}`].filter((line) => line !== '');
}

export function cityState(address: PostalAddress | null): string {
  return address ? `${address.city}, ${address.state}` : '';
}

export function officialOf(value: unknown): AuthorizedOfficialRecord | null {
  if (!isObject(value)) return null;
  const official = {
    first_name: text(value.first_name),
    middle_name: text(value.middle_name),
    last_name: text(value.last_name),
    credential: text(value.credential),
    title: text(value.title),
    phone: text(value.phone),
  };
  return official.first_name || official.last_name ? official : null;
}

export function officialName(official: AuthorizedOfficialRecord | null): string {
  if (!official) return '';
  const name = [official.first_name, official.middle_name, official.last_name].filter(Boolean).join(' ');
  return official.credential ? `${name}, ${official.credential}` : name;
}

export function windowsOf(value: unknown): PickupWindow[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isObject(entry) && isWeekday(entry.day) && isTime(entry.start) && isTime(entry.end) ? [{ day: entry.day, start: entry.start, end: entry.end }] : [],
  );
}

export function closuresOf(value: unknown): Closure[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isObject(entry) && isDate(entry.start) && isDate(entry.end) ? [{ start: entry.start, end: entry.end, reason: text(entry.reason) ?? '' }] : [],
  );
}

export function contactsOf(value: unknown): OrganizationContact[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry, index) => {
    if (!isObject(entry)) return [];
    const name = text(entry.name);
    if (!name) return [];
    const channel = (CONTACT_CHANNELS as readonly string[]).includes(entry.preferred_channel as string) ? (entry.preferred_channel as ContactChannel) : 'phone';
    return [{ id: text(entry.id) ?? `contact-${index}`, name, role: text(entry.role) ?? '', phone: text(entry.phone), email: text(entry.email), preferred_channel: channel }];
  });
}

export function billTypesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** The name a list or header shows: the legal name, and the DBA name when it says something else. */
export function organizationSubtitle(record: { legal_name: string; dba_name: string | null }): string | null {
  const dba = text(record.dba_name);
  return dba && dba.toLowerCase() !== record.legal_name.trim().toLowerCase() ? `DBA ${dba}` : null;
}
