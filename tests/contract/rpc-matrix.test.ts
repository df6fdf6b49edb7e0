/**
 * Every function in the public schema, called through /rest/v1/rpc by every kind of caller
 * (anon key, service key, staff, admin, provider user, delegate, and the signed-in users
 * without access): who is answered, who is refused and how, and for sync_push what
 * reaches the tables and the audit log (read back with the service role). Trigger
 * functions are refused to every API role; the policy helpers are not in the API at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../supabase/local/config.ts';
import { badCheckDigitNpi, organizationRow, randomNpi } from './directory-helpers.ts';
import { EVERYONE, NO_ACCESS, SIGNED_IN, callRpc, rowsWhere, setUpCallers, type Callers, type Who } from './role-callers.ts';

let callers: Callers;

beforeAll(async () => {
  callers = await setUpCallers('rpc');
});

const TRIGGERS = ['touch_modified', 'touch_updated_at', 'guard_profile_update', 'audit_row_change', 'audit_inserted_rows', 'audit_updated_rows', 'audit_deleted_rows', 'handle_new_user', 'handle_user_sign_in', 'handle_user_email_change',
  // users and access (20261125150000)
  'guard_admin_role', 'guard_account_state', 'revive_role', 'touch_profile_of_role', 'touch_profile_of_delegate', 'stamp_app_settings', 'handle_user_confirmed'];
/** The policy helpers the public schema had: now only in schema `private`, which the API does not expose. */
const FORMER_HELPERS = ['is_admin', 'is_provider_user', 'is_staff', 'my_provider_id'];

function functionsOfMigrations(): { created: Set<string>; dropped: Set<string> } {
  const dir = MIGRATIONS_DIR;
  const sql = readdirSync(dir).sort().map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');
  const created = new Set([...sql.matchAll(/create\s+(?:or\s+replace\s+)?function\s+public\.(\w+)/gi)].map((match) => match[1]!));
  const dropped = new Set([...sql.matchAll(/drop\s+function\s+(?:if\s+exists\s+)?public\.(\w+)/gi)].map((match) => match[1]!));
  return { created, dropped };
}

it('covers every function the migrations leave in the public schema', () => {
  const { created, dropped } = functionsOfMigrations();
  const left = [...created].filter((name) => !dropped.has(name));
  // apply_reference_import and reference_asset: tests/contract/reference-data.test.ts;
  // claim_device_number and record_openings: tests/contract/patients.test.ts;
  // account_set_deactivated and account_record_invitation (service role only): tests/contract/users-*.test.ts;
  // lis_claim_messages, lis_record_attempt and lis_record_attempts (service role only): tests/contract/lis-delivery.test.ts;
  // result_inbox_resent and result_inbox_keep (service role only): tests/contract/result-queue.test.ts;
  // standing_orders_run (service role only): tests/contract/standing-orders.test.ts;
  // claim_result_distributions (service role only): tests/contract/result-distribution.test.ts;
  // directory_providers and directory_organizations (security invoker, RLS): tests/contract/directory-providers.test.ts;
  // sync_pull, sync_count, order_by_requisition, protected_file_access, record_file_event, audit_page: below, and
  // tests/contract/patient-data-doors.test.ts, protected-files.test.ts; result_queue: tests/contract/results.test.ts.
  const others = ['directory_providers', 'directory_organizations', 'claim_result_distributions', 'apply_reference_import', 'reference_asset', 'claim_device_number', 'record_openings', 'account_set_deactivated', 'account_record_invitation', 'lis_claim_messages', 'lis_record_attempt', 'lis_record_attempts', 'result_inbox_resent', 'result_inbox_keep',
    'sync_pull', 'sync_count', 'order_by_requisition', 'protected_file_access', 'record_file_event', 'audit_page', 'result_queue'];
  expect(left.sort()).toEqual(['npi_is_valid', 'sync_push', 'standing_orders_run', ...others, ...TRIGGERS].sort());
  expect([...dropped].sort()).toEqual([...FORMER_HELPERS].sort());
});

const denied = (name: string) => ({ code: '42501', details: null, hint: null, message: `permission denied for function ${name}` });

describe('npi_is_valid', () => {
  it.each(EVERYONE)('answers %s', async (who) => {
    expect(await callRpc(callers.token[who], 'npi_is_valid', { npi: randomNpi() })).toEqual({ status: 200, body: true });
    expect(await callRpc(callers.token[who], 'npi_is_valid', { npi: badCheckDigitNpi() })).toEqual({ status: 200, body: false });
  });
});

describe('the policy helpers', () => {
  it.each(FORMER_HELPERS)('%s is not callable through /rpc by anyone (404 PGRST202)', async (name) => {
    for (const who of EVERYONE) {
      const answer = await callRpc(callers.token[who], name);
      expect({ who, status: answer.status, code: (answer.body as { code?: string }).code }).toEqual({ who, status: 404, code: 'PGRST202' });
    }
  });
});

describe('trigger functions', () => {
  it.each(TRIGGERS)('%s: refused to anon (401) and to every signed-in caller (403)', async (name) => {
    expect(await callRpc(callers.token.anon, name)).toEqual({ status: 401, body: denied(name) });
    for (const who of SIGNED_IN) expect({ who, ...(await callRpc(callers.token[who], name)) }).toEqual({ who, status: 403, body: denied(name) });
  });

  it.each(TRIGGERS)('%s: the service role may, but Postgres runs it only as a trigger (400 0A000)', async (name) => {
    expect(await callRpc(callers.token.service, name)).toEqual({
      status: 400,
      body: { code: '0A000', details: null, hint: null, message: 'trigger functions can only be called as triggers' },
    });
  });
});

describe('sync_push', () => {
  const pushOne = (who: Who, row: Record<string, unknown>) =>
    callRpc(callers.token[who], 'sync_push', { p_table: 'organizations', p_rows: [{ new: row, assumed: null }] });

  it.each([['anon', 401], ['service', 403]] as Array<[Who, number]>)('refuses %s with %i 42501, nothing written', async (who, status) => {
    const row = organizationRow();
    expect(await pushOne(who, row)).toEqual({ status, body: denied('sync_push') });
    expect(await rowsWhere('organizations', 'id', row.id as string)).toEqual([]);
  });

  it.each(['staff', 'admin', 'delegate'] as Who[])('applies a push by %s, audited under their id', async (who) => {
    const row = organizationRow();
    expect(await pushOne(who, row)).toEqual({ status: 200, body: { conflicts: [], rejected: [] } });
    expect(await rowsWhere('organizations', 'id', row.id as string, 'id, legal_name')).toEqual([{ id: row.id, legal_name: row.legal_name }]);
    const audit = await rowsWhere('audit_log', 'row_id', row.id as string, 'action, changed_by');
    expect(audit).toEqual([{ action: 'insert', changed_by: callers.userId[who] }]);
  });

  it.each(['provider', ...NO_ACCESS] as Who[])('rejects the directory row of %s (42501) and writes nothing', async (who) => {
    const row = organizationRow();
    expect(await pushOne(who, row)).toEqual({
      status: 200,
      body: {
        conflicts: [],
        rejected: [{ id: row.id, code: '42501', message: 'new row violates row-level security policy for table "organizations"', master: null }],
      },
    });
    expect(await rowsWhere('organizations', 'id', row.id as string)).toEqual([]);
    expect(await rowsWhere('audit_log', 'row_id', row.id as string)).toEqual([]);
  });

  it.each(['audit_log', 'function_idempotency', 'auth.users'])('refuses the unsynced table %s to every signed-in caller (400 22023)', async (table) => {
    for (const who of SIGNED_IN) {
      const answer = await callRpc(callers.token[who], 'sync_push', { p_table: table, p_rows: [] });
      expect({ who, ...answer }).toEqual({
        who,
        status: 400,
        body: { code: '22023', details: null, hint: null, message: `sync_push: "${table}" is not a synced table` },
      });
    }
  });
});

describe('the logged reads of patient data (20261205100002) and the file checks (20261205100003)', () => {
  const calls: Array<[string, Record<string, unknown>]> = [
    ['sync_pull', { p_table: 'patients', p_limit: 1 }],
    ['sync_count', { p_table: 'orders' }],
    ['order_by_requisition', { p_requisition: 'R-NONE-0001' }],
    ['protected_file_access', { p_bucket: 'order-attachments', p_name: 'nothing.pdf' }],
    ['audit_page', { p_limit: 1 }],
  ];

  it.each(calls)('%s: refused to anon (401) and to the service key (403), which reads no patient data through the API', async (name, args) => {
    expect(await callRpc(callers.token.anon, name, args)).toEqual({ status: 401, body: denied(name) });
    expect(await callRpc(callers.token.service, name, args)).toEqual({ status: 403, body: denied(name) });
  });

  it.each(calls)('%s: answers every signed-in caller under their own access', async (name, args) => {
    for (const who of SIGNED_IN) expect({ who, status: (await callRpc(callers.token[who], name, args)).status }).toEqual({ who, status: 200 });
  });

  it('a caller without access pulls, counts and may do nothing', async () => {
    for (const who of NO_ACCESS) {
      expect((await callRpc(callers.token[who], 'sync_pull', { p_table: 'orders', p_limit: 100 })).body).toEqual({ rows: [], checkpoint: null });
      expect((await callRpc(callers.token[who], 'sync_count', { p_table: 'patients' })).body).toBe(0);
    }
  });

  it('record_file_event is the service role\'s alone: refused to anon (401) and every signed-in caller (403)', async () => {
    const args = { p_actor: callers.userId.staff, p_table: 'orders', p_row: callers.providerId, p_patient: callers.providerId, p_action: 'download', p_detail: {} };
    expect(await callRpc(callers.token.anon, 'record_file_event', args)).toEqual({ status: 401, body: denied('record_file_event') });
    for (const who of SIGNED_IN) expect({ who, ...(await callRpc(callers.token[who], 'record_file_event', args)) }).toEqual({ who, status: 403, body: denied('record_file_event') });
  });
});
