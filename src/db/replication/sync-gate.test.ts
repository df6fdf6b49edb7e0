import { describe, expect, it } from 'vitest';
import type { Connectivity } from '../connectivity.ts';
import { SyncGate, type SessionSource } from './sync-gate.ts';

type Listener = (event: string, session: { user: { id: string } } | null) => void;

function fakeAuth(initialUser: string | null) {
  let user = initialUser;
  const listeners: Listener[] = [];
  const auth = {
    getSession: async () => ({ data: { session: user ? { user: { id: user } } : null }, error: null }),
    onAuthStateChange: (listener: Listener) => {
      listeners.push(listener);
      return { data: { subscription: { unsubscribe: () => listeners.splice(listeners.indexOf(listener), 1) } } };
    },
  };
  return {
    auth: auth as unknown as SessionSource,
    signIn(id: string) {
      user = id;
      listeners.forEach((listener) => listener('SIGNED_IN', { user: { id } }));
    },
    signOut() {
      user = null;
      listeners.forEach((listener) => listener('SIGNED_OUT', null));
    },
  };
}

function fakeNetwork(): Connectivity & { set(online: boolean): void } {
  let online = true;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    onReturn: () => () => {},
    set(value) {
      online = value;
      listeners.forEach((listener) => listener(value));
    },
  };
}

const leader = { isLeader: () => true, waitForLeadership: async () => true };

describe('SyncGate', () => {
  it('opens only online, for the database owner, in the leader tab', async () => {
    const session = fakeAuth('alice');
    const network = fakeNetwork();
    const gate = new SyncGate(session.auth, 'alice', network);
    const seen: boolean[] = [];
    gate.canSync$.subscribe((value) => seen.push(value));
    await gate.start(leader);
    expect(gate.canSync()).toBe(true);

    network.set(false);
    expect(gate.pauseReason()).toBe('offline');
    network.set(true);
    session.signIn('bob');
    expect(gate.canSync()).toBe(false);
    expect(gate.pauseReason()).toBe('signed-out');
    await expect(gate.assertCanSync()).rejects.toThrow('Sync paused');
    session.signIn('alice');
    expect(gate.canSync()).toBe(true);
    expect(seen).toEqual([false, true, false, true, false, true]);
    gate.stop();
    expect(gate.canSync()).toBe(false);
    session.signIn('alice');
    expect(gate.canSync()).toBe(false);
  });

  it('waits for leadership in a second tab', async () => {
    let becomeLeader: (value: boolean) => void = () => {};
    const gate = new SyncGate(fakeAuth('alice').auth, 'alice', fakeNetwork());
    await gate.start({ isLeader: () => false, waitForLeadership: () => new Promise((resolve) => (becomeLeader = resolve)) });
    expect(gate.canSync()).toBe(false);
    expect(gate.current.leader).toBe(false);
    becomeLeader(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(gate.canSync()).toBe(true);
  });

  it('closes when the server refuses the token, until the session is confirmed again', async () => {
    const gate = new SyncGate(fakeAuth('alice').auth, 'alice', fakeNetwork());
    await gate.start(leader);
    gate.authFailed();
    expect(gate.pauseReason()).toBe('signed-out');
    expect(await gate.checkSession()).toBe(true);
    expect(gate.canSync()).toBe(true);
  });
});
