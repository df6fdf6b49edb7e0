/**
 * How a protected document is kept in IndexedDB: the fields the storage must read itself
 * stay as they are, everything else is sealed into one AES-GCM ciphertext.
 *
 * Readable: the primary key (and the fields a composite key is made of), the fields of the
 * schema's indexes (the storage builds its indexes from them), and RxDB's bookkeeping
 * (`_deleted`, `_meta`, `_rev`, `_attachments`). That is why a protected table's indexes
 * may hold nothing that identifies a person (synced-schemas.ts: patients index only
 * `local_dirty`). Every other field — names, dates of birth, addresses, member ids, and
 * whole documents inside replication metadata and local documents — is sealed, with the
 * document's primary key and the store's name as additional data, so a ciphertext moved to
 * another record or store does not open.
 *
 * Queries whose selector reads a sealed field cannot match in the storage (it sees only the
 * ciphertext): protected collections are read by id, by their plain indexes, or whole.
 */
import { getPrimaryFieldOfPrimaryKey, type RxJsonSchema } from 'rxdb';
import { fromBase64, toBase64 } from './base64.ts';

/** The stored field holding the sealed fields. */
export const SEALED_FIELD = '_sealed';

const BOOKKEEPING = ['_deleted', '_meta', '_rev', '_attachments'];

export interface DocumentKey {
  /** AES-GCM with a 256-bit key that never leaves memory (see data-key.ts). */
  readonly key: CryptoKey;
}

type StoredDoc = Record<string, unknown>;

// Schemas of every store are accepted (collections, replication metadata, local documents).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySchema = RxJsonSchema<any>;

/** The top-level fields a store keeps readable. */
export function readableFields(schema: AnySchema): Set<string> {
  const fields = new Set<string>(BOOKKEEPING);
  fields.add(getPrimaryFieldOfPrimaryKey(schema.primaryKey) as string);
  const primaryKey = schema.primaryKey as string | { fields: string[] };
  if (typeof primaryKey === 'object') primaryKey.fields.forEach((field) => fields.add(field));
  for (const index of schema.indexes ?? []) {
    for (const path of Array.isArray(index) ? index : [index]) fields.add(String(path).split('.')[0] ?? '');
  }
  return fields;
}

const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * RxDB treats document data as immutable, so each sealer remembers which stored object it
 * made from which plain one, both ways: the change events of a write (which carry the
 * stored objects written) open without decrypting, and a write's `previous` (a document
 * this sealer opened) seals without encrypting.
 */
export class DocumentSealer {
  private readonly readable: Set<string>;
  private readonly primaryPath: string;
  private readonly plainOf = new WeakMap<object, StoredDoc>();
  private readonly storedOf = new WeakMap<object, StoredDoc>();

  constructor(
    private readonly documentKey: DocumentKey,
    schema: AnySchema,
    /** The store's name, bound into every ciphertext of it. */
    private readonly storeName: string,
  ) {
    this.readable = readableFields(schema);
    this.primaryPath = getPrimaryFieldOfPrimaryKey(schema.primaryKey) as string;
  }

  private additionalData(doc: StoredDoc): Uint8Array<ArrayBuffer> {
    return encoder.encode(`${this.storeName}|${String(doc[this.primaryPath])}`);
  }

  async seal(doc: StoredDoc): Promise<StoredDoc> {
    const known = this.storedOf.get(doc);
    if (known) return known;
    const stored: StoredDoc = {};
    const secret: StoredDoc = {};
    for (const [field, value] of Object.entries(doc)) {
      if (this.readable.has(field)) stored[field] = value;
      else secret[field] = value;
    }
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const ciphertext = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: this.additionalData(doc) },
      this.documentKey.key,
      encoder.encode(JSON.stringify(secret)),
    );
    const sealed = new Uint8Array(IV_BYTES + ciphertext.byteLength);
    sealed.set(iv);
    sealed.set(new Uint8Array(ciphertext), IV_BYTES);
    stored[SEALED_FIELD] = toBase64(sealed);
    this.remember(doc, stored);
    return stored;
  }

  private remember(plain: StoredDoc, stored: StoredDoc): void {
    this.plainOf.set(stored, plain);
    this.storedOf.set(plain, stored);
  }

  /** The document as it was before sealing (a document stored without a seal is returned as is). */
  async open(stored: StoredDoc): Promise<StoredDoc> {
    const known = this.plainOf.get(stored);
    if (known) return known;
    const sealedText = stored[SEALED_FIELD];
    if (typeof sealedText !== 'string') return stored;
    const sealed = fromBase64(sealedText);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.subarray(0, IV_BYTES), additionalData: this.additionalData(stored) },
      this.documentKey.key,
      sealed.subarray(IV_BYTES),
    );
    const doc: StoredDoc = { ...(JSON.parse(decoder.decode(plain)) as StoredDoc) };
    for (const [field, value] of Object.entries(stored)) if (field !== SEALED_FIELD) doc[field] = value;
    this.remember(doc, stored);
    return doc;
  }
}
