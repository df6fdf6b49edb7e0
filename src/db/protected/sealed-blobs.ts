/**
 * One large value sealed with the protected database's data key (AES-GCM, a fresh IV, the
 * value's context as additional data): what a protected list saves for the next unlock
 * (src/lib/list/protected-list.ts). One ciphertext for a whole list, where the protected
 * database seals each document on its own (sealed-documents.ts): opening 100,000 documents
 * one by one costs a WebCrypto call, a base64 decoding and a JSON parse each, opening one
 * sealed list costs one of each. The bytes are stored as they are (IndexedDB keeps an
 * ArrayBuffer without copying it field by field); the context binds a ciphertext to its
 * user, list and version, so one moved elsewhere does not open.
 */
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface SealedBlob {
  iv: Uint8Array<ArrayBuffer>;
  sealed: ArrayBuffer;
}

export async function sealText(key: CryptoKey, text: string, context: string): Promise<SealedBlob> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, key, encoder.encode(text));
  return { iv, sealed };
}

/** The text, or null when it does not open with this key and context (another key, moved, tampered with). */
export async function openText(key: CryptoKey, blob: SealedBlob, context: string): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: blob.iv, additionalData: encoder.encode(context) }, key, blob.sealed);
    return decoder.decode(plain);
  } catch {
    return null;
  }
}
