/**
 * Files of patient data (an order's attachments, a result's report) go up and come down
 * through the `protected-files` Edge Function only: Storage lets no user reach them
 * directly. The function checks what the caller may do, checks the bytes, never overwrites
 * an attachment of an order past draft, and audits every upload and download
 * (supabase/functions/protected-files; docs/access-matrix.md).
 */
import { invokeFunction, type FunctionCallFailure, type FunctionsInvoker } from './invoke.ts';

export const PROTECTED_FILES_FUNCTION = 'protected-files';

export type ProtectedBucket = 'order-attachments' | 'result-reports';

/** Uploads an attachment of an order (`<order id>/<file>`), its bytes in Base64. */
export async function uploadProtectedFile(
  invoker: FunctionsInvoker,
  file: { path: string; contentType: string; base64: string },
): Promise<{ ok: true } | FunctionCallFailure> {
  const answer = await invokeFunction(invoker, PROTECTED_FILES_FUNCTION, { action: 'upload', path: file.path, content_type: file.contentType, data: file.base64 });
  return answer.ok ? { ok: true } : answer;
}

/** The bytes of a protected file the user may read. */
export async function downloadProtectedFile(invoker: FunctionsInvoker, bucket: ProtectedBucket, path: string): Promise<{ ok: true; data: Blob } | FunctionCallFailure> {
  const answer = await invokeFunction(invoker, PROTECTED_FILES_FUNCTION, { action: 'download', bucket, path });
  if (!answer.ok) return answer;
  if (!(answer.data instanceof Blob)) return { ok: false, kind: 'permanent', status: 200, code: null, message: 'The file did not come back as a file.' };
  return { ok: true, data: answer.data };
}
