/**
 * Numbers made on this device that no other device can make: `<device number>-<counter>`.
 * The device number comes from the server once (`claim_device_number`, at the first
 * sign-in on this device, which is online by nature), and is never given to another device;
 * the counter only goes up, one tab at a time (a Web Lock around the read and write), so
 * this device never hands out the same pair twice. Nothing needs the server after that:
 * lab patient ids (and later requisition numbers) are made offline.
 */
import type { DeviceRecords, DeviceSequence } from './device-records.ts';

export class DeviceNotRegisteredError extends Error {
  constructor() {
    super('This device has no device number yet. Connect to the internet once so the server can give it one.');
    this.name = 'DeviceNotRegisteredError';
  }
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

let localQueue: Promise<unknown> = Promise.resolve();

/** Runs `task` alone: across the browser's tabs with Web Locks, within this realm otherwise. */
function exclusively<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  if (locks) return locks.request(name, task);
  const run = localQueue.then(task, task);
  localQueue = run.catch(() => undefined);
  return run;
}

/** The device number, claimed from the server when the device has none (null when the claim failed). */
export async function ensureDeviceNumber(records: DeviceRecords, claim: () => Promise<number>): Promise<number | null> {
  const known = records.sequence();
  if (known) return known.device;
  return exclusively(`labdir-device-sequence`, async () => {
    const again = records.sequence();
    if (again) return again.device;
    try {
      const device = await claim();
      if (!Number.isSafeInteger(device) || device <= 0) return null;
      records.saveSequence({ device, counter: 0 });
      return device;
    } catch {
      return null;
    }
  });
}

/** The next number of this device; throws DeviceNotRegisteredError before it has a device number. */
export function nextDeviceSequence(records: DeviceRecords): Promise<DeviceSequence> {
  return exclusively(`labdir-device-sequence`, async () => {
    const current = records.sequence();
    if (!current) throw new DeviceNotRegisteredError();
    const next = { device: current.device, counter: current.counter + 1 };
    records.saveSequence(next);
    return next;
  });
}
