/**
 * Messages between the soak's orchestrator and its simulated browsers. Each browser runs in
 * its own worker thread, i.e. its own JS realm like a real browser tab, which also keeps
 * every realm under RxDB's open-source limit of 13 open collections.
 */
import type { SyncedTable } from '../../../src/db/tables/definitions.ts';

export const SOAK_TABLES = [
  'organizations',
  'providers',
  'provider_organization_memberships',
  'provider_preferences',
  'provider_delegate_approvals',
] as const satisfies readonly SyncedTable[];

export type SoakTable = (typeof SOAK_TABLES)[number];
export type Doc = Record<string, unknown>;

export interface WorkerInit {
  url: string;
  anonKey: string;
  user: { id: string; email: string; password: string };
}

export type Command =
  | { cmd: 'open' }
  | { cmd: 'close' }
  | { cmd: 'insert'; table: SoakTable; doc: Doc }
  | { cmd: 'patch'; table: SoakTable; docId: string; fields: Doc }
  | { cmd: 'setOnline'; online: boolean }
  | { cmd: 'resync' }
  | { cmd: 'awaitInSync' }
  | { cmd: 'dump'; table: SoakTable }
  | { cmd: 'state' }
  | { cmd: 'dispose' };

export interface ClientState {
  open: boolean;
  online: boolean;
  pendingChanges: number;
  conflictNotices: number;
  rejectedNotices: number;
  lastError: string | null;
  phase: string;
  requestsInFlight: number;
  replicationErrors: Record<string, { count: number; last: string }>;
}

export type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
export type Request = { id: number } & Command;
