/**
 * A user's local data kept after their session or access ended, because it holds changes
 * the server never received (they were warned; src/app/session-end). Kept in localStorage,
 * so the warning and the choice survive a reload: the same user signing in again sends the
 * changes; someone else signing in, or the user discarding them, clears the device.
 */
import { create } from 'zustand';

export interface HeldData {
  userId: string;
  email: string | null;
  /** Changes (records and queued calls) the server has not received. */
  unsynced: number;
  reason: 'session-ended' | 'access-ended';
}

export const HELD_DATA_KEY = 'lab-directory.held-data';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function read(): HeldData | null {
  try {
    const raw = storage()?.getItem(HELD_DATA_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<HeldData>) : null;
    if (!value || typeof value.userId !== 'string' || typeof value.unsynced !== 'number') return null;
    return {
      userId: value.userId,
      email: typeof value.email === 'string' ? value.email : null,
      unsynced: value.unsynced,
      reason: value.reason === 'access-ended' ? 'access-ended' : 'session-ended',
    };
  } catch {
    return null;
  }
}

export const useHeldData = create<{ held: HeldData | null }>(() => ({ held: read() }));

export function holdData(held: HeldData): void {
  storage()?.setItem(HELD_DATA_KEY, JSON.stringify(held));
  useHeldData.setState({ held });
}

export function releaseHeldData(): void {
  storage()?.removeItem(HELD_DATA_KEY);
  useHeldData.setState({ held: null });
}
