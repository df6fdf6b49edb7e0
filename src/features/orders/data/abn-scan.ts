/**
 * The photo or scan of the patient's signed ABN, attached to an order on this device and
 * uploaded when online through the protected-files function (bucket `order-attachments`,
 * `<order id>/abn-signed-<time attached>.<ext>`: a scan attached again later is added beside
 * the first, which is evidence and is never overwritten once the order is sent). Attached offline it waits as a local document of the protected database, so the
 * image is sealed at rest like the patient's record; the outbox item that uploads it holds
 * only the order's id. The upload runs while the patient records are open (the image is
 * read with their key); a locked device tries again later. Once uploaded, only the object's
 * path stays on the device.
 */
import { enqueue, getProtectedDatabase, registerOutboxHandler, type JsonValue, type LocalDatabase, type OutboxOutcome } from '../../../db/index.ts';
import type { FunctionCallFailure, FunctionsInvoker } from '../../../lib/functions/invoke.ts';
import { uploadProtectedFile } from '../../../lib/functions/protected-files.ts';

export const ABN_SCAN_KIND = 'upload-abn-scan';
export const MAX_SCAN_BYTES = 10 * 1024 * 1024;
const TYPES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/heic': 'heic', 'image/webp': 'webp' };

export interface AbnScanState {
  orderId: string;
  path: string;
  type: string;
  attached_at: string;
  /** Base64 bytes while the upload waits; gone once uploaded. */
  data?: string;
  uploaded_at?: string;
}

export const abnScanDocId = (orderId: string) => `abn-scan-${orderId}`;

/** What is wrong with the file as a scan of the signed ABN, or null. */
export function scanProblem(file: { type: string; size: number }): string | null {
  if (!TYPES[file.type]) return 'Attach a photo (JPEG, PNG, HEIC, WebP) or a PDF of the signed ABN.';
  if (file.size > MAX_SCAN_BYTES) return 'The file is larger than 10 MB: take the photo at a lower resolution.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

async function defaultClient(): Promise<FunctionsInvoker> {
  const { supabase } = await import('../../../lib/supabase.ts');
  return supabase;
}

/** The outbox's verdict on an upload's answer: a refusal is final, anything else (and an expired session) waits. */
export function uploadOutcome(answer: { ok: true } | FunctionCallFailure): OutboxOutcome {
  if (answer.ok) return { ok: true, result: null };
  return { ok: false, transient: answer.kind === 'transient' || answer.status === 401, message: answer.message };
}

let registered = false;

export function registerAbnScanUpload(client: () => Promise<FunctionsInvoker> = defaultClient): void {
  if (registered) return;
  registered = true;
  registerOutboxHandler<JsonValue>(ABN_SCAN_KIND, async (payload) => {
    const orderId = (payload as { orderId?: unknown } | null)?.orderId;
    if (typeof orderId !== 'string') return { ok: false, transient: false, message: 'The queued upload names no order.' };
    const db = getProtectedDatabase();
    if (!db) return { ok: false, transient: true, message: 'Patient records are locked: the signed ABN uploads once they are opened.' };
    // The bucket's policies look the order up on the server: an order still waiting to send
    // (attached offline, both going out together) would be refused for good.
    const order = await db.orders.findOne(orderId).exec();
    if (!order || order.local_dirty) return { ok: false, transient: true, message: 'The order is not on the server yet: the signed ABN uploads after it.' };
    const doc = await db.getLocal<AbnScanState>(abnScanDocId(orderId));
    const state = doc?.toJSON().data as AbnScanState | undefined;
    if (!state?.data) return { ok: true, result: null };
    try {
      const outcome = uploadOutcome(await uploadProtectedFile(await client(), { path: state.path, contentType: state.type, base64: state.data }));
      if (outcome.ok) {
        const { data: _bytes, ...kept } = state;
        await db.upsertLocal<AbnScanState>(abnScanDocId(orderId), { ...kept, uploaded_at: new Date().toISOString() });
      }
      return outcome;
    } catch (error) {
      return { ok: false, transient: true, message: error instanceof Error ? error.message : String(error) };
    }
  });
}

/** Keeps the scan sealed on this device and queues its upload. */
export async function attachAbnScan(db: LocalDatabase, orderId: string, file: File, now: Date = new Date()): Promise<void> {
  const problem = scanProblem(file);
  if (problem) throw new Error(problem);
  const data = toBase64(new Uint8Array(await file.arrayBuffer()));
  const state: AbnScanState = { orderId, path: `${orderId}/abn-signed-${now.getTime()}.${TYPES[file.type]}`, type: file.type, attached_at: now.toISOString(), data };
  await db.upsertLocal<AbnScanState>(abnScanDocId(orderId), state);
  registerAbnScanUpload();
  await enqueue(ABN_SCAN_KIND, { orderId }, { idempotencyKey: `abn-scan-${orderId}-${now.getTime()}` });
}
