/**
 * What an auth route handler receives and returns. Handlers return a `Reply` instead of
 * writing to the socket, so the service adds the headers every GoTrue answer carries in
 * one place. Request bodies are checked with valibot: a body that is not JSON, or whose
 * fields have the wrong types, is GoTrue's 400 `bad_json`.
 */
import type { IncomingMessage } from 'node:http';
import * as v from 'valibot';
import type { StackContext } from '../context.ts';
import { readBody } from '../http/respond.ts';
import { AuthError } from './errors.ts';

export interface RouteRequest {
  ctx: StackContext;
  req: IncomingMessage;
  url: URL;
  /** Path parameters, e.g. `{ id }` for /admin/users/:id. */
  params: Record<string, string>;
}

export interface Reply {
  status: number;
  /** JSON body; omitted for empty answers (204, redirects). */
  json?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: RouteRequest) => Promise<Reply>;

export const ok = (json: unknown, headers?: Record<string, string>): Reply => ({ status: 200, json, headers });

export const redirect = (location: string): Reply => ({ status: 303, headers: { Location: location } });

/** A JSON object of free-form metadata (user_metadata, app_metadata, invite data). */
export const metadataSchema = v.nullish(v.record(v.string(), v.unknown()));
export type Metadata = Record<string, unknown>;

export async function parseBody<S extends v.GenericSchema>(req: IncomingMessage, schema: S): Promise<v.InferOutput<S>> {
  const text = await readBody(req);
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
    }
  }
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${where ? `${where}: ` : ''}${issue?.message ?? 'invalid body'}`,
    );
  }
  return result.output;
}
