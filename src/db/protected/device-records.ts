/**
 * What the device keeps about a user's protected data outside the protected database,
 * readable before it is unlocked: the wrapped data key (data-key.ts: useless without the
 * password), the device number the server gave this device and its counter
 * (device-sequence.ts), how many protected records were waiting to be sent when last
 * counted (the sign-out warning and the unlock decision need it while the data is locked),
 * and until when a data key is kept for the session (kept-key.ts: only the time, so a page
 * can wait for the key instead of showing the password form). Nothing here identifies a
 * patient. Sign-out forgets all of it.
 */
import { isWrappedDataKey, type WrappedDataKey } from './data-key.ts';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'labdir-protected:';

/** The localStorage key of a user's `keptKeyUntil` (other tabs follow it through storage events). */
export const keptKeyUntilStorageKey = (userId: string): string => `${PREFIX}${userId}:kept-until`;

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

let fallback: KeyValueStore | null = null;

/** localStorage in the browser; a memory map where there is none (Node tests). */
export function defaultKeyValueStore(): KeyValueStore {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage disabled: keep it in memory for this page.
  }
  fallback ??= memoryStore();
  return fallback;
}

export interface DeviceSequence {
  device: number;
  /** The last counter value handed out (0: none yet). */
  counter: number;
}

export class DeviceRecords {
  constructor(
    readonly userId: string,
    private readonly store: KeyValueStore = defaultKeyValueStore(),
  ) {}

  private key(name: string): string {
    return `${PREFIX}${this.userId}:${name}`;
  }

  private read(name: string): unknown {
    try {
      const raw = this.store.getItem(this.key(name));
      return raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      return null;
    }
  }

  private write(name: string, value: unknown): void {
    this.store.setItem(this.key(name), JSON.stringify(value));
  }

  dataKey(): WrappedDataKey | null {
    const record = this.read('data-key');
    return isWrappedDataKey(record) ? record : null;
  }

  saveDataKey(record: WrappedDataKey): void {
    this.write('data-key', record);
  }

  sequence(): DeviceSequence | null {
    const value = this.read('sequence') as Partial<DeviceSequence> | null;
    return value && Number.isSafeInteger(value.device) && Number.isSafeInteger(value.counter)
      ? { device: value.device as number, counter: value.counter as number }
      : null;
  }

  saveSequence(sequence: DeviceSequence): void {
    this.write('sequence', sequence);
  }

  /** Protected records waiting to be sent when last counted (0 when unknown). */
  pendingRecords(): number {
    const value = this.read('pending');
    return typeof value === 'number' && value > 0 ? value : 0;
  }

  savePendingRecords(count: number): void {
    this.write('pending', count);
  }

  /** Until when a kept data key may still be taken (0: none is kept). */
  keptKeyUntil(): number {
    const value = this.read('kept-until');
    return typeof value === 'number' && value > 0 ? value : 0;
  }

  saveKeptKeyUntil(until: number): void {
    if (until > 0) this.write('kept-until', until);
    else this.store.removeItem(this.key('kept-until'));
  }

  forget(): void {
    for (const name of ['data-key', 'sequence', 'pending', 'kept-until']) this.store.removeItem(this.key(name));
  }
}
