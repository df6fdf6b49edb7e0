/**
 * What the add flows keep for the browser session (the chosen type, the verified NPI):
 * sessionStorage survives a reload of the tab but not closing it, which is what a
 * half-finished form should do on a shared clinic computer. The storage is injectable so
 * the rules are tested in Node, and a storage that throws (private modes, quotas) degrades
 * to memory instead of breaking the flow.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** The browser's sessionStorage when usable, else memory (Node, or storage disabled). */
export function defaultSessionStorage(): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) return storage;
  } catch {
    // Access itself can throw (disabled storage): fall through.
  }
  return memoryStorage();
}

/** A storage that moves to memory for good once a call fails, so reads and writes stay consistent. */
export function resilientStorage(storage: KeyValueStorage = defaultSessionStorage()): KeyValueStorage {
  const fallback = memoryStorage();
  let active: KeyValueStorage = storage;
  const withStorage = <R>(run: (store: KeyValueStorage) => R): R => {
    try {
      return run(active);
    } catch {
      active = fallback;
      return run(active);
    }
  };
  return {
    getItem: (key) => withStorage((store) => store.getItem(key)),
    setItem: (key, value) => withStorage((store) => store.setItem(key, value)),
    removeItem: (key) => withStorage((store) => store.removeItem(key)),
  };
}
