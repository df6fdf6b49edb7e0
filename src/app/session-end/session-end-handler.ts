/**
 * What happens to a user's data on this device when their session or their access ends
 * without them signing out (a revoked or reused refresh token, a sign-out on another
 * device, an admin revoking their role or deactivating them):
 * - nothing unsent: the device's copy is wiped at once (shared clinic computers);
 * - changes the server never received: the user is warned where they can see it, and the
 *   data is kept (`holdData`) until they decide — signing in again as themselves sends the
 *   changes (or their access coming back does), discarding them or someone else signing in
 *   wipes it.
 * A session that merely expired while offline has not ended: supabase-js keeps it and the
 * app works offline (the session store never reports it here).
 * Steps run one at a time, in order. The effects are injected, so the rules are unit-tested.
 */
import { hasAccess, type AccessLevel } from '../../lib/access/access.ts';
import type { HeldData } from './held-data.ts';

export interface SessionEndEffects {
  /** Changes of the user's local data the server has not received. */
  unsynced(userId: string): Promise<number>;
  /** Wipe the user's data from this device. */
  wipe(userId: string): Promise<void>;
  held(): HeldData | null;
  hold(held: HeldData): void;
  release(): void;
  /** The device's copy of an ended session was wiped (nothing was lost). */
  wiped(reason: HeldData['reason']): void;
  /** Wiping failed: the user must be told to close the browser. */
  failed(error: unknown): void;
}

export interface SessionEndHandler {
  sessionEnded(user: { userId: string; email: string | null }): Promise<void>;
  signedIn(userId: string): Promise<void>;
  accessChanged(user: { userId: string; email: string | null }, access: AccessLevel): Promise<void>;
  /** The user chose to discard the held changes. */
  discard(): Promise<void>;
  /** Resolves when every step asked so far has run (tests). */
  idle(): Promise<void>;
}

export function createSessionEndHandler(effects: SessionEndEffects): SessionEndHandler {
  let queue: Promise<void> = Promise.resolve();
  const run = (step: () => Promise<void>): Promise<void> => {
    const next = queue.then(step).catch((error: unknown) => effects.failed(error));
    queue = next;
    return next;
  };

  async function wipe(userId: string): Promise<void> {
    await effects.wipe(userId);
    if (effects.held()?.userId === userId) effects.release();
  }

  async function endFor(user: { userId: string; email: string | null }, reason: HeldData['reason']): Promise<void> {
    const unsynced = await effects.unsynced(user.userId);
    if (unsynced === 0) {
      await wipe(user.userId);
      effects.wiped(reason);
      return;
    }
    effects.hold({ userId: user.userId, email: user.email, unsynced, reason });
  }

  return {
    sessionEnded: (user) => run(() => endFor(user, 'session-ended')),

    signedIn: (userId) =>
      run(async () => {
        const held = effects.held();
        if (!held) return;
        if (held.userId !== userId) await wipe(held.userId);
        // The same user is back: their kept changes are sent now (unless their access is what ended).
        else if (held.reason === 'session-ended') effects.release();
      }),

    accessChanged: (user, access) =>
      run(async () => {
        const held = effects.held();
        if (hasAccess(access)) {
          if (held?.userId === user.userId && held.reason === 'access-ended') effects.release();
          return;
        }
        await endFor(user, 'access-ended');
      }),

    discard: () =>
      run(async () => {
        const held = effects.held();
        if (held) await wipe(held.userId);
      }),

    idle: () => queue,
  };
}
