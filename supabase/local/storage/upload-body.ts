/**
 * The body of an upload as storage-js sends it: multipart form data when given a Blob or
 * File (the file in a field named "" beside `cacheControl` and `metadata`), or the raw bytes
 * with `Content-Type`, `Cache-Control: max-age=N` and `x-metadata` (Base64 JSON) headers.
 * Node's own Request parses the multipart body, so no library is needed.
 */
import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '../http/respond.ts';
import { STORAGE_ERRORS } from './errors.ts';

export interface Upload {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw STORAGE_ERRORS.entityTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function maxAge(value: string | null | undefined): string {
  const match = /max-age=(\d+)/.exec(value ?? '');
  return match?.[1] ?? (value && /^\d+$/.test(value) ? value : '3600');
}

function metadata(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    throw STORAGE_ERRORS.invalidRequest('Invalid metadata');
  }
}

export async function readUpload(req: IncomingMessage): Promise<Upload> {
  const type = req.headers['content-type'] ?? '';
  const raw = await readBytes(req);
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Request('http://local/upload', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(raw) }).formData();
    } catch {
      throw STORAGE_ERRORS.invalidRequest('Malformed multipart body');
    }
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (!file) throw STORAGE_ERRORS.noContent();
    const cacheControl = form.get('cacheControl');
    const meta = form.get('metadata');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type || 'application/octet-stream',
      cacheControl: maxAge(typeof cacheControl === 'string' ? cacheControl : null),
      userMetadata: metadata(typeof meta === 'string' ? meta : null),
    };
  }
  const header = req.headers['x-metadata'];
  return {
    bytes: new Uint8Array(raw),
    contentType: type.split(';')[0]?.trim() || 'application/octet-stream',
    cacheControl: maxAge(req.headers['cache-control']),
    userMetadata: metadata(typeof header === 'string' ? Buffer.from(header, 'base64').toString('utf8') : null),
  };
}
