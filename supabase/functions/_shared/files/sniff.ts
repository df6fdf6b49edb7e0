// What a file's bytes are, whatever its sender says: the documents the product accepts as
// attachments (a photo or scan of a signed ABN) are PDF, JPEG, PNG, HEIC and WebP, told
// apart by their signatures (the first bytes each format must start with). Anything else
// (a script named image/png, an executable, an HTML page) is refused before it is stored.

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/webp'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** The document type the bytes are, or null when they are none the product accepts. */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp' && HEIC_BRANDS.has(ascii(bytes, 8, 4))) return 'image/heic';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  return null;
}

export const NOT_A_DOCUMENT = 'The file is not a PDF, JPEG, PNG, HEIC or WebP document: its content does not match its type.';
