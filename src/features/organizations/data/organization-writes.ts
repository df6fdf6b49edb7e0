/**
 * The organization pages' writes, all to the local database (they replicate; offline they
 * wait on this device, and src/lib/local-data/local-write.ts tells whether the server took them):
 * - create an organization (its NPI and account number checked against the directory on
 *   this device first; the database's unique indexes have the last word);
 * - save the form's fields, the registry refresh, the status, the schedule (pickup windows,
 *   closures, instructions: one piece each) and the contacts;
 * - ask for a pickup, cancel it, mark it collected.
 * A save that a rule refuses says so and writes nothing.
 */
import { newLocalDoc, type JsonValue, type LocalDatabase, type OrganizationDoc, type PickupRequestDoc } from '../../../db/index.ts';
import { awaitServer, insertLocal, outcomeOf, patchLocal, type WriteOptions, type WriteOutcome } from '../../../lib/local-data/local-write.ts';
import type { OrganizationFields } from '../../../lib/organization/organization-form.ts';
import type { Closure, OrganizationContact, PickupWindow } from '../../../lib/organization/rules.ts';
import { ACCOUNT_NUMBER_TAKEN } from '../model/organization-texts.ts';
import type { RegistryFields } from '../model/registry-refresh.ts';

export interface Clock {
  now: () => string;
  newId: () => string;
}

const systemClock: Clock = { now: () => new Date().toISOString(), newId: () => crypto.randomUUID() };

type Options = WriteOptions & { clock?: Clock };

export type { RegistryFields };

export type SaveResult =
  | { ok: true; id: string; outcome: WriteOutcome }
  /** A field the directory refuses (a taken account number): shown under that field, nothing written. */
  | { ok: false; field: 'account_number' | 'npi'; message: string; existingId?: string };

async function others(db: LocalDatabase, id: string | null): Promise<Array<Readonly<OrganizationDoc>>> {
  const data = await import('../../../db/index.ts');
  return (await data.readAllDocs(db, 'organizations')).filter((organization) => organization.id !== id);
}

/** The account number and the NPI must not be another organization's. */
async function uniquenessProblem(db: LocalDatabase, id: string | null, fields: Pick<OrganizationFields, 'account_number' | 'npi'>): Promise<Extract<SaveResult, { ok: false }> | null> {
  for (const organization of await others(db, id)) {
    if (organization.account_number === fields.account_number) {
      return { ok: false, field: 'account_number', message: ACCOUNT_NUMBER_TAKEN(fields.account_number, organization.legal_name), existingId: organization.id };
    }
    if (fields.npi && organization.npi === fields.npi) {
      return { ok: false, field: 'npi', message: `This NPI is already ${organization.legal_name}'s`, existingId: organization.id };
    }
  }
  return null;
}

/** The columns as the record stores them (JSON objects for the addresses). */
function columns(fields: OrganizationFields): Partial<OrganizationDoc> {
  return {
    ...fields,
    practice_address: fields.practice_address as unknown as JsonValue,
    billing_address: fields.billing_address as unknown as JsonValue,
  };
}

export async function createOrganization(db: LocalDatabase, fields: OrganizationFields, registry: RegistryFields | null, options: Options = {}): Promise<SaveResult> {
  const problem = await uniquenessProblem(db, null, fields);
  if (problem) return problem;
  const clock = options.clock ?? systemClock;
  const id = clock.newId();
  const record = { id, ...columns(fields), ...(registry ?? {}), is_active: true, created_at: clock.now(), updated_at: clock.now() } as Parameters<typeof newLocalDoc<'organizations'>>[1];
  try {
    const written = await insertLocal(db.organizations, newLocalDoc('organizations', record));
    return { ok: true, id, outcome: outcomeOf(await awaitServer(db.organizations, written, options), { legal_name: fields.legal_name, account_number: fields.account_number }) };
  } catch (error) {
    console.error('[organizations] creating the organization failed', error);
    return { ok: true, id, outcome: 'failed' };
  }
}

async function patch(db: LocalDatabase, id: string, fields: Partial<OrganizationDoc>, options: Options, what: string): Promise<WriteOutcome> {
  try {
    const written = await patchLocal(db.organizations, id, fields);
    return outcomeOf(await awaitServer(db.organizations, written, options), fields);
  } catch (error) {
    console.error(`[organizations] saving the ${what} failed`, error);
    return 'failed';
  }
}

export async function updateOrganization(db: LocalDatabase, id: string, fields: OrganizationFields, options: Options = {}): Promise<SaveResult> {
  const problem = await uniquenessProblem(db, id, fields);
  if (problem) return problem;
  return { ok: true, id, outcome: await patch(db, id, { ...columns(fields), updated_at: (options.clock ?? systemClock).now() }, options, 'organization') };
}

/** The registry's answer applied after Refresh from NPPES (the fields the user accepted). */
export function applyRegistryRefresh(db: LocalDatabase, id: string, fields: Partial<OrganizationDoc>, options: Options = {}): Promise<WriteOutcome> {
  return patch(db, id, { ...fields, updated_at: (options.clock ?? systemClock).now() }, options, 'registry refresh');
}

/** Deactivate or reactivate; the server records who and when (deactivated_at, deactivated_by). */
export function setOrganizationActive(db: LocalDatabase, id: string, active: boolean, options: Options = {}): Promise<WriteOutcome> {
  return patch(db, id, { is_active: active, updated_at: (options.clock ?? systemClock).now() }, options, 'status');
}

export interface ScheduleFields {
  courier_schedule?: PickupWindow[];
  closures?: Closure[];
  pickup_instructions?: string | null;
}

export function saveSchedule(db: LocalDatabase, id: string, fields: ScheduleFields, options: Options = {}): Promise<WriteOutcome> {
  return patch(db, id, { ...(fields as Partial<OrganizationDoc>), updated_at: (options.clock ?? systemClock).now() }, options, 'schedule');
}

export function saveContacts(db: LocalDatabase, id: string, contacts: OrganizationContact[], options: Options = {}): Promise<WriteOutcome> {
  return patch(db, id, { contacts: contacts as unknown as JsonValue, updated_at: (options.clock ?? systemClock).now() }, options, 'contacts');
}

export interface PickupRequestFields {
  pickup_date: string;
  window_start: string;
  window_end: string;
  specimen_count: number;
  transport_temperature: string;
  note: string | null;
}

export async function requestPickup(db: LocalDatabase, organizationId: string, fields: PickupRequestFields, userId: string | null, options: Options = {}): Promise<WriteOutcome> {
  const clock = options.clock ?? systemClock;
  const record = { id: clock.newId(), organization_id: organizationId, ...fields, status: 'requested', requested_by: userId, created_at: clock.now(), updated_at: clock.now() };
  try {
    const written = await insertLocal(db.pickup_requests, newLocalDoc('pickup_requests', record));
    return outcomeOf(await awaitServer(db.pickup_requests, written, options), { status: 'requested', pickup_date: fields.pickup_date });
  } catch (error) {
    console.error('[organizations] asking for the pickup failed', error);
    return 'failed';
  }
}

/** Cancel (until collected) or mark collected; the server refuses any change of a closed request. */
export async function closePickupRequest(db: LocalDatabase, request: Readonly<PickupRequestDoc>, status: 'cancelled' | 'collected', options: Options = {}): Promise<WriteOutcome> {
  if (request.status !== 'requested') return 'failed';
  const fields = { status, updated_at: (options.clock ?? systemClock).now() };
  try {
    const written = await patchLocal(db.pickup_requests, request.id, fields);
    return outcomeOf(await awaitServer(db.pickup_requests, written, options), { status });
  } catch (error) {
    console.error(`[organizations] ${status === 'cancelled' ? 'cancelling' : 'closing'} the pickup request failed`, error);
    return 'failed';
  }
}
