/**
 * Numbers made on this device that no other device can make: `<device number>-<counter>`.
 * The device number comes from the server once (`claim_device_number`, at the first
 * sign-in on this device, which is online by nature), and is never given to another device;
 * the counter only goes up, one tab at a time (a Web Lock around the read and write), and
 * each value is written durably before it is used (durable-counters.ts: a browser killed
 * before localStorage reached the disk must not hand a number out twice), so this device
 * never hands out the same pair twice. Nothing needs the server after that: lab patient
 * ids and requisition numbers are made offline.
 */
import type { DeviceRecords, DeviceSequence } from './device-records.ts';
import { durableCounters, type DurableCounters } from './durable-counters.ts';

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

/** How long a device number's claim may take before the lock is given up. */
const CLAIM_TIMEOUT_MS = 15_000;

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
      // A claim that never answers (a request cut off by going offline) must not hold the
      // lock every new patient's number waits for: past the limit it counts as failed.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('claim timed out')), CLAIM_TIMEOUT_MS)));
      const device = await Promise.race([claim(), limit]).finally(() => clearTimeout(timer));
      if (!Number.isSafeInteger(device) || device <= 0) return null;
      records.saveSequence({ device, counter: 0 });
      return device;
    } catch {
      return null;
    }
  });
}

/** The next number of this device; throws DeviceNotRegisteredError before it has a device number. */
export function nextDeviceSequence(records: DeviceRecords, durable: DurableCounters | null = durableCounters()): Promise<DeviceSequence> {
  return exclusively(`labdir-device-sequence`, async () => {
    const current = records.sequence();
    if (!current) throw new DeviceNotRegisteredError();
    const kept = durable ? await durable.read(records.userId, current.device) : 0;
    const next = { device: current.device, counter: Math.max(current.counter, kept) + 1 };
    // On the disk before anything carries it.
    if (durable) await durable.write(records.userId, next.device, next.counter);
    records.saveSequence(next);
    return next;
  });
}
