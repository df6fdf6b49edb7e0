/**
 * /storage/v1: the part of Supabase Storage's API that supabase-js's storage client uses in
 * this product — upload (POST, `x-upsert`), update (PUT), download
 * (`/object/authenticated/{bucket}/{path}` and `/object/{bucket}/{path}` with the bearer
 * token), signed URLs (`POST /object/sign/…` and `GET /object/sign/…?token=`), delete
 * (`DELETE /object/{bucket}` with `{prefixes}`, or one path), and buckets (create, get,
 * list). Every object operation runs as the caller under the storage.objects policies;
 * errors have storage-api's statuses and bodies (errors.ts).
 */
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService, StackContext } from '../context.ts';
import { CORS_HEADERS, readBody, sendJson } from '../http/respond.ts';
import { bearerToken, verifyToken, type Claims } from '../jwt.ts';
import { folderBlobs, memoryBlobs } from './blobs.ts';
import { STORAGE_ERRORS, StorageError } from './errors.ts';
import { ObjectStore, type BucketRow, type ObjectRow } from './objects.ts';
import { signObjectUrl, verifyObjectToken } from './signed-urls.ts';
import { readUpload } from './upload-body.ts';

export const STORAGE_PREFIX = '/storage/v1';

async function caller(req: IncomingMessage): Promise<Claims> {
  const token = bearerToken(req.headers);
  const check = await verifyToken(token);
  if (check.ok) return check.claims;
  if (check.reason === 'missing') throw STORAGE_ERRORS.invalidJwt('headers must have required property \'authorization\'');
  if (check.reason === 'expired') throw STORAGE_ERRORS.invalidJwt('jwt expired');
  throw STORAGE_ERRORS.invalidJwt((token ?? '').split('.').length === 3 ? 'invalid signature' : 'jwt malformed');
}

/** The path's segments, decoded; a malformed percent-encoding is the client's error (400), not the server's. */
function pathParts(pathname: string): string[] {
  const raw = pathname.split('/').filter(Boolean);
  try {
    return raw.map(decodeURIComponent);
  } catch {
    throw STORAGE_ERRORS.invalidKey(raw.join('/'));
  }
}

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse((await readBody(req)) || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw STORAGE_ERRORS.invalidRequest('Body must be a JSON object');
}

function fileObject(row: ObjectRow) {
  return { name: row.name, bucket_id: row.bucket_id, owner: row.owner, id: row.id, updated_at: row.updated_at, created_at: row.created_at, last_accessed_at: row.last_accessed_at, metadata: row.metadata, user_metadata: row.user_metadata };
}

function bucketJson(row: BucketRow) {
  return { ...row, file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit) };
}

function sendObject(res: ServerResponse, req: IncomingMessage, url: URL, row: ObjectRow, bytes: Uint8Array): void {
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {
    'Content-Type': String(meta.mimetype ?? 'application/octet-stream'),
    'Content-Length': String(bytes.length),
    'Cache-Control': String(meta.cacheControl ?? 'max-age=3600'),
    ETag: String(meta.eTag ?? ''),
    'Last-Modified': new Date(row.updated_at).toUTCString(),
  };
  const download = url.searchParams.get('download');
  if (download !== null) headers['Content-Disposition'] = `attachment; filename="${(download || path.posix.basename(row.name)).replace(/"/g, '')}"`;
  res.writeHead(200, { ...CORS_HEADERS, ...headers });
  res.end(req.method === 'HEAD' ? undefined : Buffer.from(bytes));
}

export function createStorageService(ctx: Pick<StackContext, 'db' | 'config'>): HttpService {
  const dataDir = ctx.config.dataDir;
  const blobs = dataDir ? folderBlobs(`${dataDir}-storage`, ctx.config.reset) : memoryBlobs();
  const store = new ObjectStore(ctx.db, blobs);

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const parts = pathParts(url.pathname.slice(STORAGE_PREFIX.length));
    const [area, ...rest] = parts;

    if (area === 'bucket') {
      const claims = await caller(req);
      if (method === 'POST' && rest.length === 0) {
        const body = await jsonBody(req);
        const id = String(body.id ?? body.name ?? '');
        const limit = body.file_size_limit;
        await store.createBucket(claims, {
          id,
          public: body.public === true,
          fileSizeLimit: typeof limit === 'number' ? limit : null,
          allowedMimeTypes: Array.isArray(body.allowed_mime_types) ? body.allowed_mime_types.map(String) : null,
        });
        return sendJson(res, 200, { name: id });
      }
      if (method === 'GET') {
        const rows = await store.buckets(claims, rest[0] ?? null);
        if (rest.length === 0) return sendJson(res, 200, rows.map(bucketJson));
        if (!rows[0]) throw STORAGE_ERRORS.noSuchBucket();
        return sendJson(res, 200, bucketJson(rows[0]));
      }
      throw STORAGE_ERRORS.invalidRequest(`Route ${method}:${url.pathname} not found`);
    }
    if (area !== 'object') throw new StorageError(404, 'InvalidRequest', `Route ${method}:${url.pathname} not found`);

    const [first, ...others] = rest;
    if (first === 'sign') {
      const [bucket, ...name] = others;
      if (!bucket || name.length === 0) throw STORAGE_ERRORS.invalidKey(name.join('/'));
      const key = name.join('/');
      if (method === 'POST') {
        const claims = await caller(req);
        const body = await jsonBody(req);
        const expiresIn = Number(body.expiresIn);
        if (!Number.isInteger(expiresIn) || expiresIn < 1) throw STORAGE_ERRORS.invalidRequest('expiresIn must be a positive whole number of seconds');
        await store.visible(claims, bucket, key);
        return sendJson(res, 200, { signedURL: await signObjectUrl(bucket, key, expiresIn) });
      }
      if (method === 'GET' || method === 'HEAD') {
        await verifyObjectToken(url.searchParams.get('token'), bucket, key);
        const { row, bytes } = await store.read(null, bucket, key);
        return sendObject(res, req, url, row, bytes);
      }
    }
    const authenticated = first === 'authenticated';
    const [bucket, ...name] = authenticated ? others : rest;
    if (!bucket) throw STORAGE_ERRORS.noSuchBucket();
    const key = name.join('/');
    const claims = await caller(req);

    if ((method === 'GET' || method === 'HEAD') && key) {
      const { row, bytes } = await store.read(claims, bucket, key);
      return sendObject(res, req, url, row, bytes);
    }
    if (authenticated) throw STORAGE_ERRORS.invalidRequest(`Route ${method}:${url.pathname} not found`);
    if ((method === 'POST' || method === 'PUT') && key) {
      const upload = await readUpload(req);
      const mode = method === 'PUT' ? 'update' : req.headers['x-upsert'] === 'true' ? 'upsert' : 'insert';
      const { id } = await store.write(claims, bucket, key, upload, mode);
      return sendJson(res, 200, { Id: id, Key: `${bucket}/${key}` });
    }
    if (method === 'DELETE') {
      if (key) {
        const deleted = await store.remove(claims, bucket, [key]);
        if (deleted.length === 0) throw STORAGE_ERRORS.noSuchKey();
        return sendJson(res, 200, { message: 'Successfully deleted' });
      }
      const body = await jsonBody(req);
      const prefixes = Array.isArray(body.prefixes) ? body.prefixes.map((p) => (typeof p === 'string' ? p : String((p as { path?: unknown }).path ?? ''))) : null;
      if (!prefixes || prefixes.length === 0) throw STORAGE_ERRORS.missingParameter('prefixes');
      return sendJson(res, 200, (await store.remove(claims, bucket, prefixes)).map(fileObject));
    }
    throw STORAGE_ERRORS.invalidRequest(`Route ${method}:${url.pathname} not found`);
  }

  return {
    async handle(req, res, url) {
      try {
        await route(req, res, url);
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        sendJson(res, error.httpStatus, error.body());
      }
    },
  };
}
