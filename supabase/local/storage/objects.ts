/**
 * The storage API's work on the database, each step in ONE transaction as the caller
 * (`SET LOCAL ROLE` + `request.jwt.claims`, as for /rest/v1), so the policies that
 * migrations write on storage.objects decide who may upload, read, sign and delete —
 * exactly as storage-api does on a hosted project. Buckets are looked up as the owner
 * (storage-api does the same: a private bucket's row is not readable by users).
 */
import { createHash } from 'node:crypto';
import type { Database, Transaction } from '../db/database.ts';
import type { Claims } from '../jwt.ts';
import { isPgError } from '../rest/errors.ts';
import type { BlobStore } from './blobs.ts';
import { STORAGE_ERRORS, StorageError } from './errors.ts';
import type { Upload } from './upload-body.ts';

export interface BucketRow {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)+$/;

export function isValidKey(name: string): boolean {
  return !!name && VALID_KEY.test(name) && !name.startsWith('/') && !name.split('/').some((part) => part === '' || part === '.' || part === '..');
}

/** storage-api's key rule, for every operation on a key: a NUL or other control character never reaches the database. */
export function checkKey(name: string): void {
  if (!isValidKey(name)) throw STORAGE_ERRORS.invalidKey(name);
}

const VALID_BUCKET = /^[A-Za-z0-9_.\- ]{1,100}$/;

/** Postgres errors met under RLS, in storage-api's words. */
function translate(error: unknown): never {
  if (error instanceof StorageError) throw error;
  if (isPgError(error)) {
    if (error.code === '42501') throw STORAGE_ERRORS.accessDenied('new row violates row-level security policy');
    if (error.code === '23505') throw STORAGE_ERRORS.keyAlreadyExists();
    if (error.code === '23503') throw STORAGE_ERRORS.noSuchBucket();
  }
  throw error;
}

function mimeAllowed(allowed: string[] | null, type: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) => pattern === type || (pattern.endsWith('/*') && type.startsWith(pattern.slice(0, -1))));
}

export class ObjectStore {
  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
  ) {}

  async bucket(id: string): Promise<BucketRow> {
    if (!VALID_BUCKET.test(id)) throw STORAGE_ERRORS.invalidBucketName();
    const result = await this.db.asOwner((tx) => tx.query<BucketRow>('select * from storage.buckets where id = $1', [id]));
    const row = result.rows[0];
    if (!row) throw STORAGE_ERRORS.noSuchBucket();
    return row;
  }

  private async asCaller<T>(claims: Claims, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.db.asCaller(claims, fn);
    } catch (error) {
      translate(error);
    }
  }

  /** POST (insert, or upsert with x-upsert: true) and PUT (update an existing object). */
  async write(claims: Claims, bucketId: string, name: string, upload: Upload, mode: 'insert' | 'upsert' | 'update'): Promise<{ id: string }> {
    checkKey(name);
    const bucket = await this.bucket(bucketId);
    const limit = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit);
    if (limit !== null && upload.bytes.length > limit) throw STORAGE_ERRORS.entityTooLarge();
    if (!mimeAllowed(bucket.allowed_mime_types, upload.contentType)) throw STORAGE_ERRORS.invalidMimeType(upload.contentType);
    const now = new Date().toISOString();
    const metadata = {
      eTag: `"${createHash('md5').update(upload.bytes).digest('hex')}"`,
      size: upload.bytes.length,
      mimetype: upload.contentType,
      cacheControl: `max-age=${upload.cacheControl}`,
      lastModified: now,
      contentLength: upload.bytes.length,
      httpStatusCode: 200,
    };
    const owner = typeof claims.sub === 'string' ? claims.sub : null;
    return this.asCaller(claims, async (tx) => {
      const values = [bucketId, name, owner, JSON.stringify(metadata), upload.userMetadata ? JSON.stringify(upload.userMetadata) : null, crypto.randomUUID(), owner];
      let rows: Array<{ id: string }>;
      if (mode === 'update') {
        rows = (
          await tx.query<{ id: string }>(
            `update storage.objects set owner = $3, owner_id = $7, metadata = $4::jsonb, user_metadata = $5::jsonb, version = $6, updated_at = now()
             where bucket_id = $1 and name = $2 returning id`,
            values,
          )
        ).rows;
        if (rows.length === 0) throw STORAGE_ERRORS.noSuchKey();
      } else {
        const conflict =
          mode === 'upsert'
            ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
               user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()`
            : '';
        rows = (
          await tx.query<{ id: string }>(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
             values ($1, $2, $3, $7, $4::jsonb, $5::jsonb, $6) ${conflict} returning id`,
            values,
          )
        ).rows;
      }
      const id = rows[0]!.id;
      // Bytes before commit: a failed write rolls the row back, so no row ever lacks its bytes.
      await this.blobs.put(id, upload.bytes);
      return { id };
    });
  }

  /** The object the caller may read, with its bytes. */
  async read(claims: Claims | null, bucketId: string, name: string): Promise<{ row: ObjectRow; bytes: Uint8Array }> {
    checkKey(name);
    await this.bucket(bucketId);
    const find = (tx: Transaction) => tx.query<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
    const result = claims ? await this.asCaller(claims, find) : await this.db.asOwner(find);
    const row = result.rows[0];
    if (!row) throw STORAGE_ERRORS.noSuchKey();
    const bytes = await this.blobs.get(row.id);
    if (!bytes) throw STORAGE_ERRORS.noSuchKey();
    return { row, bytes };
  }

  /** Whether the caller may see the object (signing a URL needs that). */
  async visible(claims: Claims, bucketId: string, name: string): Promise<void> {
    checkKey(name);
    await this.bucket(bucketId);
    const result = await this.asCaller(claims, (tx) => tx.query('select id from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]));
    if (result.rows.length === 0) throw STORAGE_ERRORS.noSuchKey();
  }

  /** Deletes what the caller may delete among `names`; returns the rows deleted. */
  async remove(claims: Claims, bucketId: string, names: string[]): Promise<ObjectRow[]> {
    await this.bucket(bucketId);
    // A name no object can have (a NUL, a control character) deletes nothing.
    names = names.filter(isValidKey);
    if (names.length === 0) return [];
    const rows = await this.asCaller(claims, async (tx) => (await tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucketId, names])).rows);
    for (const row of rows) await this.blobs.remove(row.id);
    return rows;
  }

  async createBucket(claims: Claims, bucket: { id: string; public: boolean; fileSizeLimit: number | null; allowedMimeTypes: string[] | null }): Promise<void> {
    if (!VALID_BUCKET.test(bucket.id)) throw STORAGE_ERRORS.invalidBucketName();
    try {
      await this.db.asCaller(claims, (tx) =>
        tx.query('insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, owner) values ($1, $1, $2, $3, $4, $5)', [
          bucket.id,
          bucket.public,
          bucket.fileSizeLimit,
          bucket.allowedMimeTypes,
          typeof claims.sub === 'string' ? claims.sub : null,
        ]),
      );
    } catch (error) {
      if (isPgError(error) && error.code === '23505') throw STORAGE_ERRORS.bucketAlreadyExists();
      translate(error);
    }
  }

  async buckets(claims: Claims, id: string | null): Promise<BucketRow[]> {
    if (id !== null && !VALID_BUCKET.test(id)) throw STORAGE_ERRORS.invalidBucketName();
    return this.asCaller(claims, async (tx) => (id === null ? await tx.query<BucketRow>('select * from storage.buckets order by name') : await tx.query<BucketRow>('select * from storage.buckets where id = $1', [id])).rows);
  }
}
