/**
 * Phoenix wire format as Supabase Realtime speaks it. vsn 2.0.0 (realtime-js' default):
 * text frames are JSON arrays `[join_ref, ref, topic, event, payload]`, and user broadcasts
 * travel as binary frames (kind 3 client → server, kind 4 server → client; see realtime-js
 * lib/serializer.js). vsn 1.0.0 sends JSON objects. Both directions live here so the rest
 * of the service handles plain messages.
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast: JSON payloads stay values, binary payloads stay bytes. */
export interface UserBroadcast {
  event: string;
  payload: unknown;
  binary: Uint8Array | null;
  meta?: Record<string, unknown>;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const JSON_ENCODING = 1;
const BINARY_ENCODING = 0;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

/** Decode one frame; `null` for anything that is not a Phoenix message. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): PhoenixMessage | null {
  if (isBinary) return decodeUserBroadcastPush(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0' && Array.isArray(parsed) && parsed.length === 5) {
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return null;
    return { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event, payload };
  }
  if (isRecord(parsed) && typeof parsed.topic === 'string' && typeof parsed.event === 'string') {
    return {
      joinRef: refOrNull(parsed.join_ref),
      ref: refOrNull(parsed.ref),
      topic: parsed.topic,
      event: parsed.event,
      payload: parsed.payload,
    };
  }
  return null;
}

/**
 * Kind 3: kind, joinRef len, ref len, topic len, event len, metadata len, encoding, then
 * the strings and the payload. Decoded into the same `broadcast` message a JSON push gives.
 */
function decodeUserBroadcastPush(data: Buffer): PhoenixMessage | null {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const lengths = [data[1], data[2], data[3], data[4], data[5]] as number[];
  const encoding = data[6];
  let offset = 7;
  const parts = lengths.map((length) => {
    const part = data.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return part;
  });
  const [joinRef, ref, topic, event, metadata] = parts as [string, string, string, string, string];
  const body = data.subarray(offset);
  let payload: unknown;
  try {
    payload = encoding === JSON_ENCODING ? JSON.parse(body.toString('utf8')) : new Uint8Array(body);
  } catch {
    return null;
  }
  const message: Record<string, unknown> = { type: 'broadcast', event, payload };
  if (metadata) {
    try {
      message.meta = JSON.parse(metadata);
    } catch {
      // Metadata is optional; a malformed one is dropped, not fatal.
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: message };
}

export function encodeText(message: PhoenixMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  }
  return JSON.stringify({
    join_ref: message.joinRef,
    ref: message.ref,
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  });
}

/** Kind 4 (server → client user broadcast): kind, topic len, event len, metadata len, encoding. */
export function encodeUserBroadcast(topic: string, broadcast: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(broadcast.event, 'utf8');
  const metaBytes = Buffer.from(broadcast.meta ? JSON.stringify(broadcast.meta) : '', 'utf8');
  const body = broadcast.binary ?? Buffer.from(JSON.stringify(broadcast.payload ?? {}), 'utf8');
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    broadcast.binary ? BINARY_ENCODING : JSON_ENCODING,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, body]);
}

/** `{status, response}` of a `phx_reply`. */
export function reply(message: PhoenixMessage, status: 'ok' | 'error', response: unknown = {}): PhoenixMessage {
  return { joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } };
}
