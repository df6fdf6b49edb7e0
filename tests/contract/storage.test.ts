/**
 * Contract of /storage/v1 with the real supabase-js storage client: upload (multipart and
 * raw, upsert), download (authenticated), signed URLs, delete, buckets, and the policies on
 * storage.objects enforced per request as the caller — an owner-folder policy like the one
 * the product's private buckets use refuses another user and the anonymous key. The
 * policies are written by SQL into a stack of this file's own (a migration writes them in
 * the product), and one test restarts a stack on a data folder to find the bytes kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';

const BUCKET = 'signed-forms';
const OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

const POLICIES = `
  create policy "owner reads" on storage.objects for select to authenticated
    using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "owner writes" on storage.objects for insert to authenticated
    with check (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "owner replaces" on storage.objects for update to authenticated
    using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy "owner deletes" on storage.objects for delete to authenticated
    using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
`;

let stack: RunningStack;
let service: SupabaseClient;

async function user(): Promise<{ id: string; client: SupabaseClient }> {
  const client = createClient(stack.url, ANON_KEY, OPTIONS);
  const { data, error } = await client.auth.signUp({ email: `st-${randomUUID().slice(0, 8)}@contract.test`, password: `pw-${randomUUID()}` });
  if (error || !data.user) throw error ?? new Error('no user');
  return { id: data.user.id, client };
}

const PDF = new TextEncoder().encode('%PDF-1.4\n% signed ABN\n%%EOF\n');

beforeAll(async () => {
  stack = await startStack({ port: 0, dataDir: null, seed: false, quiet: true });
  await stack.db.pg.exec(POLICIES);
  service = createClient(stack.url, SERVICE_ROLE_KEY, OPTIONS);
  const { error } = await service.storage.createBucket(BUCKET, { public: false, fileSizeLimit: 1024 * 1024, allowedMimeTypes: ['application/pdf', 'image/*'] });
  if (error) throw error;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('storage: upload and download', () => {
  it('uploads a file into the own folder and downloads the same bytes and type', async () => {
    const owner = await user();
    const file = new Blob([PDF], { type: 'application/pdf' });
    const up = await owner.client.storage.from(BUCKET).upload(`${owner.id}/abn-1.pdf`, file);
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: `${owner.id}/abn-1.pdf`, fullPath: `${BUCKET}/${owner.id}/abn-1.pdf` });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await owner.client.storage.from(BUCKET).download(`${owner.id}/abn-1.pdf`);
    expect(down.error).toBeNull();
    expect(down.data?.type).toBe('application/pdf');
    expect(new Uint8Array(await down.data!.arrayBuffer())).toEqual(PDF);

    const rows = await stack.db.asOwner((tx) => tx.query<{ owner: string; metadata: { size: number; mimetype: string }; folder: string[]; file: string; ext: string }>(
      `select owner::text, metadata, storage.foldername(name) as folder, storage.filename(name) as file, storage.extension(name) as ext from storage.objects where name = $1`,
      [`${owner.id}/abn-1.pdf`],
    ));
    expect(rows.rows[0]).toMatchObject({ owner: owner.id, metadata: { size: PDF.length, mimetype: 'application/pdf' }, folder: [owner.id], file: 'abn-1.pdf', ext: 'pdf' });
  });

  it('lets a browser upload: the preflight allows every header storage-js sends (x-upsert, cache-control, x-metadata)', async () => {
    // Without them the browser stops the upload at its preflight and no file ever leaves
    // (the signed ABN stayed "waiting to upload": issue 31).
    const preflight = await fetch(`${stack.url}/storage/v1/object/${BUCKET}/any/file.pdf`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,apikey,x-client-info,x-upsert,cache-control,x-metadata' },
    });
    expect(preflight.status).toBe(204);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').split(',').map((name) => name.trim());
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'apikey', 'x-client-info', 'x-upsert', 'cache-control', 'x-metadata', 'content-type']));
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('uploads raw bytes with a content type, refuses the same path again, and replaces it with upsert', async () => {
    const owner = await user();
    const storage = owner.client.storage.from(BUCKET);
    const key = `${owner.id}/scans/photo.png`;
    expect((await storage.upload(key, new Uint8Array([1, 2, 3]), { contentType: 'image/png' })).error).toBeNull();

    const again = await storage.upload(key, new Uint8Array([9]), { contentType: 'image/png' });
    expect(again.error).toMatchObject({ message: 'The resource already exists', status: 400, statusCode: '409' });

    expect((await storage.upload(key, new Uint8Array([4, 5]), { contentType: 'image/png', upsert: true })).error).toBeNull();
    const down = await storage.download(key);
    expect(new Uint8Array(await down.data!.arrayBuffer())).toEqual(new Uint8Array([4, 5]));
    expect(down.data?.type).toBe('image/png');

    expect((await storage.update(key, new Uint8Array([6]), { contentType: 'image/png' })).error).toBeNull();
    expect(new Uint8Array(await (await storage.download(key)).data!.arrayBuffer())).toEqual(new Uint8Array([6]));
    expect((await storage.update(`${owner.id}/missing.png`, new Uint8Array([6]), { contentType: 'image/png' })).error).toMatchObject({ message: 'Object not found', statusCode: '404' });
  });

  it('refuses a type or size the bucket does not allow, an unknown bucket and a bad key', async () => {
    const owner = await user();
    const storage = owner.client.storage;
    expect((await storage.from(BUCKET).upload(`${owner.id}/notes.txt`, new Uint8Array([1]), { contentType: 'text/plain' })).error).toMatchObject({ message: 'mime type text/plain is not supported', statusCode: '415' });
    const big = new Uint8Array(1024 * 1024 + 1);
    expect((await storage.from(BUCKET).upload(`${owner.id}/big.pdf`, big, { contentType: 'application/pdf' })).error).toMatchObject({ message: 'The object exceeded the maximum allowed size', statusCode: '413' });
    expect((await storage.from('no-such-bucket').upload(`${owner.id}/a.pdf`, PDF, { contentType: 'application/pdf' })).error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
    expect((await storage.from(BUCKET).upload(`${owner.id}/bad{name}.pdf`, PDF, { contentType: 'application/pdf' })).error).toMatchObject({ message: `Invalid key: ${owner.id}/bad{name}.pdf`, statusCode: '400' });
  });
});

describe('storage: the policies decide, per request, as the caller', () => {
  it('refuses another user to read, sign, overwrite or delete the owner\'s file', async () => {
    const owner = await user();
    const other = await user();
    const key = `${owner.id}/abn-2.pdf`;
    await owner.client.storage.from(BUCKET).upload(key, PDF, { contentType: 'application/pdf' });
    const theirs = other.client.storage.from(BUCKET);

    expect((await theirs.download(key)).error).toMatchObject({ message: 'Object not found', status: 400, statusCode: '404' });
    expect((await theirs.createSignedUrl(key, 60)).error).toMatchObject({ message: 'Object not found', statusCode: '404' });
    expect((await theirs.upload(key, PDF, { contentType: 'application/pdf', upsert: true })).error).toMatchObject({ message: 'new row violates row-level security policy', status: 400, statusCode: '403' });
    expect((await theirs.upload(`${owner.id}/planted.pdf`, PDF, { contentType: 'application/pdf' })).error).toMatchObject({ message: 'new row violates row-level security policy', statusCode: '403' });
    expect(await theirs.remove([key])).toEqual({ data: [], error: null });

    const still = await owner.client.storage.from(BUCKET).download(key);
    expect(new Uint8Array(await still.data!.arrayBuffer())).toEqual(PDF);
  });

  it('refuses the anonymous key, and takes nothing without a valid token', async () => {
    const owner = await user();
    const key = `${owner.id}/abn-3.pdf`;
    await owner.client.storage.from(BUCKET).upload(key, PDF, { contentType: 'application/pdf' });
    const anon = createClient(stack.url, ANON_KEY, OPTIONS).storage.from(BUCKET);
    expect((await anon.download(key)).error).toMatchObject({ message: 'Object not found', statusCode: '404' });
    expect((await anon.upload(`${owner.id}/anon.pdf`, PDF, { contentType: 'application/pdf' })).error).toMatchObject({ message: 'new row violates row-level security policy', statusCode: '403' });

    const forged = await fetch(`${stack.url}/storage/v1/object/authenticated/${BUCKET}/${key}`, { headers: { Authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'invalid signature' });
  });

  it('lets the service role read every object', async () => {
    const owner = await user();
    const key = `${owner.id}/abn-4.pdf`;
    await owner.client.storage.from(BUCKET).upload(key, PDF, { contentType: 'application/pdf' });
    expect((await service.storage.from(BUCKET).download(key)).error).toBeNull();
  });
});

describe('storage: signed URLs and delete', () => {
  it('signs a URL that downloads without a session, and refuses a forged or expired one', async () => {
    const owner = await user();
    const key = `${owner.id}/report.pdf`;
    await owner.client.storage.from(BUCKET).upload(key, PDF, { contentType: 'application/pdf' });
    const signed = await owner.client.storage.from(BUCKET).createSignedUrl(key, 60);
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toMatch(new RegExp(`^${stack.url}/storage/v1/object/sign/${BUCKET}/${owner.id}/report\\.pdf\\?token=`));
    const got = await fetch(signed.data!.signedUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);

    const download = await owner.client.storage.from(BUCKET).createSignedUrl(key, 60, { download: 'ABN.pdf' });
    expect((await fetch(download.data!.signedUrl)).headers.get('content-disposition')).toBe('attachment; filename="ABN.pdf"');

    const other = signed.data!.signedUrl.replace('report.pdf', 'other.pdf');
    const forged = await fetch(other);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ statusCode: '400', code: 'InvalidSignature', error: 'InvalidSignature', message: 'Invalid signature' });

    const short = await owner.client.storage.from(BUCKET).createSignedUrl(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short.data!.signedUrl);
    expect(await expired.json()).toEqual({ statusCode: '400', code: 'ExpiredToken', error: 'ExpiredToken', message: 'The provided token has expired.' });
  });

  it('removes the files named and returns them; they are gone afterwards', async () => {
    const owner = await user();
    const storage = owner.client.storage.from(BUCKET);
    await storage.upload(`${owner.id}/a.pdf`, PDF, { contentType: 'application/pdf' });
    await storage.upload(`${owner.id}/b.pdf`, PDF, { contentType: 'application/pdf' });
    const removed = await storage.remove([`${owner.id}/a.pdf`, `${owner.id}/nothing.pdf`]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([`${owner.id}/a.pdf`]);
    expect((await storage.download(`${owner.id}/a.pdf`)).error).toMatchObject({ message: 'Object not found' });
    expect((await storage.download(`${owner.id}/b.pdf`)).error).toBeNull();
  });

  it('creates buckets for the service role only, and refuses a second one of the same name', async () => {
    const owner = await user();
    expect((await owner.client.storage.createBucket(`mine-${randomUUID().slice(0, 6)}`)).error).toMatchObject({ message: 'new row violates row-level security policy', statusCode: '403' });
    expect((await service.storage.createBucket(BUCKET)).error).toMatchObject({ message: 'The resource already exists', statusCode: '409' });
    const bucket = await service.storage.getBucket(BUCKET);
    expect(bucket.data).toMatchObject({ id: BUCKET, public: false, file_size_limit: 1024 * 1024, allowed_mime_types: ['application/pdf', 'image/*'] });
    expect((await owner.client.storage.getBucket(BUCKET)).error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
  });
});

describe('storage: malformed requests are the client\'s error (4xx with storage-api\'s body), never a 500', () => {
  const multipart = (body: string, boundary: string | null) => ({
    method: 'POST', body, headers: { 'content-type': boundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}` },
  });
  it.each([
    ['a NUL in an object key (download)', 'GET', `/object/${BUCKET}/a%00b.pdf`, {}, 'InvalidKey'],
    ['a NUL in an object key (authenticated download)', 'GET', `/object/authenticated/${BUCKET}/a%00b.pdf`, {}, 'InvalidKey'],
    ['a NUL in an object key (upload)', 'POST', `/object/${BUCKET}/a%00b.pdf`, { body: '%PDF-', headers: { 'content-type': 'application/pdf' } }, 'InvalidKey'],
    ['a NUL in an object key (signing)', 'POST', `/object/sign/${BUCKET}/a%00b.pdf`, { body: '{"expiresIn":60}', headers: { 'content-type': 'application/json' } }, 'InvalidKey'],
    ['a NUL in an object key (delete)', 'DELETE', `/object/${BUCKET}/a%00b.pdf`, {}, 'NoSuchKey'],
    ['a NUL in a bucket name', 'GET', '/object/sig%00ned/a.pdf', {}, 'InvalidBucketName'],
    ['a NUL in a bucket name (bucket API)', 'GET', '/bucket/sig%00ned', {}, 'InvalidBucketName'],
    ['a malformed percent-encoding', 'GET', `/object/${BUCKET}/a%E0%A4%A.pdf`, {}, 'InvalidKey'],
    ['a lone percent sign', 'GET', `/object/${BUCKET}/%`, {}, 'InvalidKey'],
    ['a multipart body without a boundary', 'POST', `/object/${BUCKET}/m.pdf`, multipart('garbage', null), 'InvalidRequest'],
    ['a truncated multipart body', 'POST', `/object/${BUCKET}/m.pdf`, multipart('--xyz\r\nContent-Disposition: form-data; name=""\r\n\r\nabc', 'xyz'), 'InvalidRequest'],
    ['an empty multipart body', 'POST', `/object/${BUCKET}/m.pdf`, multipart('', 'xyz'), 'InvalidRequest'],
  ])('%s', async (_what, method, route, init: RequestInit & { headers?: Record<string, string> }, code) => {
    const response = await fetch(`${stack.url}/storage/v1${route}`, {
      ...init,
      method,
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, ...(init.headers ?? {}) },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code, error: code, statusCode: expect.stringMatching(/^4\d\d$/), message: expect.any(String) });
  });

  it('deletes nothing for a prefix no object can have', async () => {
    const { data, error } = await service.storage.from(BUCKET).remove(['a\u0000b']);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('storage: bytes kept in the data folder', () => {
  it('downloads after the stack restarts on the same folder', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storage-')), 'pglite');
    let running = await startStack({ port: 0, dataDir, seed: false, quiet: true });
    try {
      const admin = createClient(running.url, SERVICE_ROLE_KEY, OPTIONS);
      await admin.storage.createBucket('kept');
      expect((await admin.storage.from('kept').upload('x/report.pdf', PDF, { contentType: 'application/pdf' })).error).toBeNull();
      expect(fs.readdirSync(`${dataDir}-storage`)).toHaveLength(1);
      await running.stop();
      running = await startStack({ port: 0, dataDir, seed: false, quiet: true });
      const again = createClient(running.url, SERVICE_ROLE_KEY, OPTIONS);
      const down = await again.storage.from('kept').download('x/report.pdf');
      expect(new Uint8Array(await down.data!.arrayBuffer())).toEqual(PDF);
    } finally {
      await running.stop();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 180_000);
});
