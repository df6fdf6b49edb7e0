// Base64 for ED (encapsulated data) values, with Web APIs only (atob/btoa exist in Deno,
// Node 18+ and browsers). Encoding goes in chunks so a multi-megabyte PDF does not overflow
// the argument list of String.fromCharCode.
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** The bytes of a Base64 text, or null when it is not Base64 (whitespace is ignored). */
export function base64ToBytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
