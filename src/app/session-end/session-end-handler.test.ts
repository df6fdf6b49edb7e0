/** The rules of a session or access that ends without the user signing out, with fake effects. */
import { describe, expect, it } from 'vitest';
import type { HeldData } from './held-data.ts';
import { createSessionEndHandler } from './session-end-handler.ts';

function setup(unsynced: Record<string, number> = {}) {
  let held: HeldData | null = null;
  const log: string[] = [];
  const handler = createSessionEndHandler({
    unsynced: async (userId) => unsynced[userId] ?? 0,
    wipe: async (userId) => void log.push(`wipe ${userId}`),
    held: () => held,
    hold: (value) => {
      held = value;
      log.push(`hold ${value.userId} ${value.unsynced} ${value.reason}`);
    },
    release: () => {
      held = null;
      log.push('release');
    },
    wiped: (reason) => void log.push(`wiped ${reason}`),
    failed: (error) => void log.push(`failed ${String(error)}`),
  });
  return { handler, log, held: () => held };
}

const ana = { userId: 'ana', email: 'ana@lab.test' };

describe('a session that ends without the user signing out', () => {
  it('wipes the device at once when nothing is unsent', async () => {
    const t = setup();
    await t.handler.sessionEnded(ana);
    expect(t.log).toEqual(['wipe ana', 'wiped session-ended']);
  });

  it('keeps the data, and says how much is unsent, when changes never reached the server', async () => {
    const t = setup({ ana: 3 });
    await t.handler.sessionEnded(ana);
    expect(t.log).toEqual(['hold ana 3 session-ended']);
    expect(t.held()).toEqual({ userId: 'ana', email: 'ana@lab.test', unsynced: 3, reason: 'session-ended' });
  });

  it('sends them when the same user signs in again; someone else signing in wipes them', async () => {
    const same = setup({ ana: 2 });
    await same.handler.sessionEnded(ana);
    await same.handler.signedIn('ana');
    expect(same.log).toEqual(['hold ana 2 session-ended', 'release']);

    const other = setup({ ana: 2 });
    await other.handler.sessionEnded(ana);
    await other.handler.signedIn('bo');
    expect(other.log).toEqual(['hold ana 2 session-ended', 'wipe ana', 'release']);
  });

  it('wipes them when the user discards them', async () => {
    const t = setup({ ana: 1 });
    await t.handler.sessionEnded(ana);
    await t.handler.discard();
    expect(t.log).toEqual(['hold ana 1 session-ended', 'wipe ana', 'release']);
  });
});

describe('access that ends while signed in (a revoked role, a deactivated profile)', () => {
  it('wipes the device when nothing is unsent, whatever the reason', async () => {
    for (const access of ['revoked', 'deactivated', 'pending'] as const) {
      const t = setup();
      await t.handler.accessChanged(ana, access);
      expect(t.log).toEqual(['wipe ana', 'wiped access-ended']);
    }
  });

  it('keeps unsent changes until access comes back (then they are sent) or the user clears the device', async () => {
    const t = setup({ ana: 4 });
    await t.handler.accessChanged(ana, 'revoked');
    await t.handler.signedIn('ana');
    expect(t.held()?.reason).toBe('access-ended');
    await t.handler.accessChanged(ana, 'staff');
    expect(t.log).toEqual(['hold ana 4 access-ended', 'release']);

    await t.handler.accessChanged(ana, 'deactivated');
    await t.handler.discard();
    expect(t.log.slice(2)).toEqual(['hold ana 4 access-ended', 'wipe ana', 'release']);
  });

  it('does nothing while access holds', async () => {
    const t = setup();
    await t.handler.accessChanged(ana, 'staff');
    await t.handler.accessChanged(ana, 'provider');
    expect(t.log).toEqual([]);
  });
});

it('reports a wipe that failed', async () => {
  const t = setup();
  const failing = createSessionEndHandler({
    unsynced: async () => 0,
    wipe: async () => {
      throw new Error('blocked');
    },
    held: () => null,
    hold: () => undefined,
    release: () => undefined,
    wiped: () => undefined,
    failed: (error) => void t.log.push(`failed ${(error as Error).message}`),
  });
  await failing.sessionEnded(ana);
  expect(t.log).toEqual(['failed blocked']);
});
