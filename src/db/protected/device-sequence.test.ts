/** Numbers made on this device are never handed out twice, even by a browser killed before localStorage reached the disk. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceRecords, type KeyValueStore } from './device-records.ts';
import { DeviceNotRegisteredError, ensureDeviceNumber, nextDeviceSequence } from './device-sequence.ts';
import { DurableCounters } from './durable-counters.ts';

const USER = '0b6c7a3e-1111-4000-8000-000000000001';
const opened: DurableCounters[] = [];

function memory(): KeyValueStore & { snapshot(): Map<string, string>; restore(snapshot: Map<string, string>): void } {
  let values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    snapshot: () => new Map(values),
    restore: (snapshot) => (values = new Map(snapshot)),
  };
}

function counters(indexedDB = new IDBFactory()): DurableCounters {
  const durable = new DurableCounters({ indexedDB, IDBKeyRange });
  opened.push(durable);
  return durable;
}

afterEach(() => opened.splice(0).forEach((durable) => durable.close()));

describe('the device sequence', () => {
  it('counts up from the device number the server gave', async () => {
    const records = new DeviceRecords(USER, memory());
    await expect(nextDeviceSequence(records, counters())).rejects.toBeInstanceOf(DeviceNotRegisteredError);
    expect(await ensureDeviceNumber(records, async () => 7)).toBe(7);
    const durable = counters();
    expect(await nextDeviceSequence(records, durable)).toEqual({ device: 7, counter: 1 });
    expect(await nextDeviceSequence(records, durable)).toEqual({ device: 7, counter: 2 });
  });

  it('does not hand a number out again after the browser lost localStorage’s last writes (killed before they reached the disk)', async () => {
    const storage = memory();
    const indexedDB = new IDBFactory();
    const records = new DeviceRecords(USER, storage);
    await ensureDeviceNumber(records, async () => 7);
    const onDisk = storage.snapshot();
    expect(await nextDeviceSequence(records, counters(indexedDB))).toEqual({ device: 7, counter: 1 });
    expect(await nextDeviceSequence(records, counters(indexedDB))).toEqual({ device: 7, counter: 2 });
    // The browser dies; localStorage comes back as it was on the disk, IndexedDB as written.
    storage.restore(onDisk);
    const restarted = new DeviceRecords(USER, storage);
    expect(await nextDeviceSequence(restarted, counters(indexedDB))).toEqual({ device: 7, counter: 3 });
  });

  it('forgets a user’s counters at sign-out', async () => {
    const durable = counters();
    await durable.write(USER, 7, 12);
    await durable.forget(USER);
    expect(await durable.read(USER, 7)).toBe(0);
  });
});
