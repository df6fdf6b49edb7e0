/**
 * Decides whether this tab may sync right now: it must be online, hold a valid session of
 * the user whose database this is (never another user's token: a different user signing
 * in on the same browser must not push this user's pending changes), and be the elected
 * leader among the tabs. Replication and the outbox pause — without dropping anything —
 * whenever one of these stops being true, and resume when all are true again.
 */
import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { SupabaseClient } from '../../lib/supabase.ts';
import type { PauseReason } from '../../stores/sync-store.ts';
import type { Connectivity } from '../connectivity.ts';
import { SyncPausedError } from './errors.ts';

export interface GateState {
  online: boolean;
  authorized: boolean;
  leader: boolean;
  stopped: boolean;
}

export type SessionSource = Pick<SupabaseClient['auth'], 'getSession' | 'onAuthStateChange'>;

export interface LeaderSource {
  isLeader(): boolean;
  waitForLeadership(): Promise<boolean>;
}

const SESSION_RECHECK_MS = 15_000;

export class SyncGate {
  private readonly state = new BehaviorSubject<GateState>({ online: false, authorized: false, leader: false, stopped: false });
  private readonly cleanups: Array<() => void> = [];

  /** Emits whether syncing is allowed, on every change. */
  readonly canSync$: Observable<boolean> = this.state.pipe(
    map((state) => SyncGate.allows(state)),
    distinctUntilChanged(),
  );
  readonly state$: Observable<GateState> = this.state.asObservable();

  constructor(
    private readonly auth: SessionSource,
    private readonly userId: string,
    private readonly connectivity: Connectivity,
  ) {}

  static allows(state: GateState): boolean {
    return state.online && state.authorized && state.leader && !state.stopped;
  }

  async start(leader: LeaderSource): Promise<void> {
    this.set({ online: this.connectivity.isOnline(), leader: leader.isLeader() });
    this.cleanups.push(
      this.connectivity.onChange((online) => {
        this.set({ online });
        if (online) this.recheckSession();
      }),
      this.connectivity.onReturn(() => this.recheckSession()),
    );
    // A token that could not be refreshed (offline, server down) is tried again now and then;
    // supabase-js also announces a later refresh with TOKEN_REFRESHED.
    const timer = setInterval(() => this.recheckSession(), SESSION_RECHECK_MS);
    this.cleanups.push(() => clearInterval(timer));
    const { data } = this.auth.onAuthStateChange((_event, session) => {
      // Runs inside supabase-js's auth lock: only record the fact, never call back into auth.
      this.set({ authorized: session?.user?.id === this.userId });
    });
    this.cleanups.push(() => data.subscription.unsubscribe());
    await this.checkSession();
    if (!leader.isLeader()) {
      void leader
        .waitForLeadership()
        .then(() => this.set({ leader: true }))
        .catch(() => undefined);
    }
  }

  stop(): void {
    this.set({ stopped: true });
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
  }

  get current(): GateState {
    return this.state.getValue();
  }

  canSync(): boolean {
    return SyncGate.allows(this.current);
  }

  pauseReason(): PauseReason {
    const state = this.current;
    if (state.stopped) return 'not-started';
    if (!state.online) return 'offline';
    if (!state.authorized) return 'signed-out';
    return null;
  }

  /** Ask supabase-js for the session again (it refreshes an expired token when it can). */
  async checkSession(): Promise<boolean> {
    const { data } = await this.auth.getSession();
    const authorized = data.session?.user?.id === this.userId;
    this.set({ authorized });
    return authorized;
  }

  private recheckSession(): void {
    const state = this.current;
    if (state.stopped || !state.online || state.authorized) return;
    this.checkSession().catch(() => undefined);
  }

  /** The server refused our token: wait for a refreshed session or a new sign-in. */
  authFailed(): void {
    this.set({ authorized: false });
  }

  /** Throws SyncPausedError unless syncing is allowed; checks the session is still this user's. */
  async assertCanSync(): Promise<void> {
    if (!this.canSync()) throw new SyncPausedError(`Sync paused (${this.pauseReason() ?? 'not the syncing tab'})`);
    if (!(await this.checkSession())) throw new SyncPausedError('Sync paused: no valid session for this user');
  }

  private set(patch: Partial<GateState>): void {
    const current = this.state.getValue();
    if (current.stopped && patch.stopped !== true) return;
    const next = { ...current, ...patch };
    if ((Object.keys(patch) as Array<keyof GateState>).some((key) => current[key] !== next[key])) this.state.next(next);
  }
}
