/**
 * Bytes ⇄ base64 text. Sealed documents are stored as text: the Dexie storage copies every
 * stored object field by field and would turn a Uint8Array into a plain object. Where the
 * browser has the native conversions (`Uint8Array.fromBase64`, `toBase64`: Chromium 140+)
 * they are used: opening every sealed record after unlock spent about a fifth of its time
 * in `atob` and the byte loop below (docs/data-model.md).
 */
const CHUNK = 0x8000;

interface NativeBase64 {
  fromBase64?: (text: string) => Uint8Array<ArrayBuffer>;
  prototype: { toBase64?: () => string };
}

const native = Uint8Array as unknown as NativeBase64;

export function toBase64(bytes: Uint8Array): string {
  if (native.prototype.toBase64) return (bytes as unknown as { toBase64(): string }).toBase64();
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (native.fromBase64) return native.fromBase64.call(Uint8Array, text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
