/**
 * Where the stack keeps the bytes of stored objects, by object id: files in a folder beside
 * the database's data folder (`<data-dir>-storage/`), or memory for an in-memory stack.
 * Writes go to a temporary file renamed into place, so a crash never leaves half an object.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface BlobStore {
  put(id: string, bytes: Uint8Array): Promise<void>;
  get(id: string): Promise<Uint8Array | null>;
  remove(id: string): Promise<void>;
}

export function memoryBlobs(): BlobStore {
  const items = new Map<string, Uint8Array>();
  return {
    put: async (id, bytes) => void items.set(id, bytes.slice()),
    get: async (id) => items.get(id) ?? null,
    remove: async (id) => void items.delete(id),
  };
}

const ID = /^[0-9a-f-]{36}$/;

export function folderBlobs(folder: string, reset: boolean): BlobStore {
  if (reset) fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const file = (id: string) => {
    if (!ID.test(id)) throw new Error(`Not an object id: ${id}`);
    return path.join(folder, id);
  };
  return {
    async put(id, bytes) {
      const target = file(id);
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.promises.writeFile(temporary, bytes);
      await fs.promises.rename(temporary, target);
    },
    async get(id) {
      try {
        return new Uint8Array(await fs.promises.readFile(file(id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(id) {
      await fs.promises.rm(file(id), { force: true });
    },
  };
}
