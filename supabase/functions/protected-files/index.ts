// protected-files: the one way a user uploads or downloads a file of patient data: an order's
// attachment (bucket order-attachments, `<order id>/<file>`: the signed ABN's scan) or the
// laboratory's report of a result (bucket result-reports). No Storage policy lets a user
// reach these objects (migration 20261205100003), so what this function checks holds for
// every path: what the caller may do is asked of the database as the caller
// (protected_file_access); the bytes must be a document the product accepts and the type the
// client named; an attachment of an order past draft is never overwritten (evidence: add
// beside it); every upload and download is audited under the caller, a download also in the
// read log, before the bytes leave. The bytes come back in the answer (no signed link).
//
// { action: "upload", path, content_type, data: <base64> } → 200 { path }
// { action: "download", bucket, path } → 200 the bytes (application/octet-stream, no-store)
import { bearerToken } from '../_shared/caller.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { DOCUMENT_TYPES, NOT_A_DOCUMENT, sniffDocumentType } from '../_shared/files/sniff.ts';
import { errorResponse, json } from '../_shared/http.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import { callerClient } from '../_shared/supabase.ts';

const ATTACHMENTS = 'order-attachments';
const BUCKETS = [ATTACHMENTS, 'result-reports'];
const MAX_BYTES = 10 * 1024 * 1024;
const ATTACHMENT_PATH = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/i;
const OBJECT_PATH = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

interface Access {
  read: boolean;
  add: boolean;
  replace: boolean;
  exists: boolean;
  sha256: string | null;
  table_name?: 'orders' | 'results';
  row_id?: string;
  patient_id?: string;
}

const NOT_FOUND = () => errorResponse(404, 'not_found', 'No such file, or it is not yours to see.');

/** What the caller may do with the object, asked of the database as the caller. */
async function accessOf(ctx: FunctionContext, bucket: string, path: string): Promise<Access | Response> {
  const { data, error } = await callerClient(ctx.config, bearerToken(ctx.req) ?? '').rpc('protected_file_access', { p_bucket: bucket, p_name: path });
  if (error) return errorResponse(503, 'access_unavailable', 'Could not check your access to the file. Please try again.');
  return data as Access;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as BufferSource);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function record(ctx: FunctionContext, access: Access, action: 'attach' | 'download', detail: Record<string, unknown>): Promise<boolean> {
  const { error } = await ctx.service.rpc('record_file_event', {
    p_actor: ctx.caller.id, p_table: access.table_name, p_row: access.row_id, p_patient: access.patient_id, p_action: action, p_detail: detail,
  });
  if (error) console.error('protected-files: the event could not be recorded', error);
  return !error;
}

async function upload(ctx: FunctionContext): Promise<Response> {
  const { path, content_type: type, data } = ctx.body;
  if (typeof path !== 'string' || !ATTACHMENT_PATH.test(path)) return errorResponse(400, 'invalid_request', 'path must be "<order id>/<file name>".');
  if (typeof type !== 'string' || !(DOCUMENT_TYPES as readonly string[]).includes(type)) return errorResponse(415, 'not_a_document', NOT_A_DOCUMENT);
  const bytes = typeof data === 'string' ? fromBase64(data) : null;
  if (!bytes || bytes.length === 0) return errorResponse(400, 'invalid_request', 'data must be the file\'s bytes in Base64.');
  if (bytes.length > MAX_BYTES) return errorResponse(413, 'too_large', 'The file is larger than 10 MB.');
  if (sniffDocumentType(bytes) !== type) return errorResponse(415, 'not_a_document', NOT_A_DOCUMENT);

  const access = await accessOf(ctx, ATTACHMENTS, path);
  if (access instanceof Response) return access;
  if (!access.add) return errorResponse(403, 'forbidden', 'You may not attach files to this order.');
  const sha256 = await sha256Hex(bytes);
  if (access.exists) {
    if (access.sha256 === sha256) return json(200, { path, unchanged: true }); // the same file sent again (a lost answer)
    if (!access.replace) {
      return errorResponse(409, 'already_attached', 'This order was sent to the laboratory: its attached file is kept as it is. Attach the new one under another name.');
    }
  }
  const stored = await ctx.service.storage.from(ATTACHMENTS).upload(path, bytes, { contentType: type, upsert: access.exists, metadata: { sha256 } });
  if (stored.error) return errorResponse(502, 'storage_failed', `The file could not be stored: ${stored.error.message}`);
  if (!(await record(ctx, access, 'attach', { bucket: ATTACHMENTS, path, content_type: type, size: bytes.length, sha256, replaced: access.exists }))) {
    if (!access.exists) await ctx.service.storage.from(ATTACHMENTS).remove([path]);
    return errorResponse(500, 'audit_failed', 'The file could not be recorded, so it was not kept. Please try again.');
  }
  return json(200, { path });
}

async function download(ctx: FunctionContext): Promise<Response> {
  const { bucket, path } = ctx.body;
  if (typeof bucket !== 'string' || !BUCKETS.includes(bucket)) return errorResponse(400, 'invalid_request', `bucket must be one of ${BUCKETS.join(', ')}.`);
  if (typeof path !== 'string' || path.length > 512 || !OBJECT_PATH.test(path)) return NOT_FOUND();
  const access = await accessOf(ctx, bucket, path);
  if (access instanceof Response) return access;
  if (!access.read || !access.exists) return NOT_FOUND();
  const file = await ctx.service.storage.from(bucket).download(path);
  if (file.error || !file.data) return NOT_FOUND();
  const bytes = new Uint8Array(await file.data.arrayBuffer());
  if (!(await record(ctx, access, 'download', { bucket, path, size: bytes.length }))) {
    return errorResponse(500, 'audit_failed', 'The download could not be recorded, so the file was not sent. Please try again.');
  }
  return new Response(bytes, {
    status: 200,
    headers: { ...corsHeaders, 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.length), 'Cache-Control': 'no-store' },
  });
}

async function handle(ctx: FunctionContext): Promise<Response> {
  if (ctx.body.action === 'upload') return upload(ctx);
  if (ctx.body.action === 'download') return download(ctx);
  return errorResponse(400, 'invalid_request', 'action must be "upload" or "download".');
}

Deno.serve(createHandler({ name: 'protected-files', access: 'signed-in', forbiddenMessage: 'Sign in to reach patient files.', handle }));
