/**
 * The laboratory's settings (public.app_settings, one row): the allowed sign-up domains
 * and the automatic lock's timeout. Read online when a user signs in or the app comes back
 * online, and cached on this device (localStorage) so the lock keeps its timeout offline;
 * admins change them online only (there is no queue for settings: the page says so).
 * Built by a factory so tests bind it to a fake client and storage.
 */
import { create } from 'zustand';
import { browserStorage } from './browser-storage.ts';
import type { KeyValueStorage } from './session-types.ts';

export const DEFAULT_LOCK_TIMEOUT_MINUTES = 15;
export const LOCK_TIMEOUT_BOUNDS = { min: 2, max: 60 } as const;
export const SETTINGS_CACHE_KEY = 'lab-directory.app-settings';
export const SETTINGS_ROW_ID = '00000000-0000-0000-0000-000000000001';

export interface AppSettings {
  allowedSignupDomains: string[];
  lockTimeoutMinutes: number;
  updatedAt: string | null;
}

export const DEFAULT_SETTINGS: AppSettings = { allowedSignupDomains: [], lockTimeoutMinutes: DEFAULT_LOCK_TIMEOUT_MINUTES, updatedAt: null };

interface SettingsRow {
  allowed_signup_domains: string[];
  lock_timeout_minutes: number;
  updated_at: string;
}

/** The part of a supabase-js client the store uses. */
export interface SettingsClient {
  from(table: 'app_settings'): {
    select(columns: string): { limit(count: number): PromiseLike<{ data: SettingsRow[] | null; error: { message: string } | null }> };
    update(values: Partial<SettingsRow>): {
      eq(column: 'id', value: string): { select(columns: string): PromiseLike<{ data: SettingsRow[] | null; error: { message: string; code?: string } | null }> };
    };
  };
}

export interface AppSettingsState {
  settings: AppSettings;
  /** cached: from this device (maybe stale); fresh: read from the server this visit. */
  source: 'default' | 'cached' | 'fresh';
  /** Read them from the server (quietly keeps the cache when offline or refused). */
  refresh(): Promise<void>;
  /** Change them (admins, online); resolves with the server's refusal, or null. */
  save(patch: Partial<Pick<AppSettings, 'allowedSignupDomains' | 'lockTimeoutMinutes'>>): Promise<string | null>;
}

const COLUMNS = 'allowed_signup_domains, lock_timeout_minutes, updated_at';

function fromRow(row: SettingsRow): AppSettings {
  return { allowedSignupDomains: row.allowed_signup_domains ?? [], lockTimeoutMinutes: row.lock_timeout_minutes, updatedAt: row.updated_at };
}

function readCache(storage: KeyValueStorage): AppSettings | null {
  try {
    const raw = storage.getItem(SETTINGS_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<AppSettings>;
    if (typeof parsed.lockTimeoutMinutes !== 'number' || !Array.isArray(parsed.allowedSignupDomains)) return null;
    return { ...DEFAULT_SETTINGS, ...parsed };
  } catch {
    return null;
  }
}

export function createAppSettingsStore(deps: { load: () => Promise<SettingsClient>; storage: KeyValueStorage }) {
  const cached = readCache(deps.storage);
  return create<AppSettingsState>()((set) => {
    const keep = (settings: AppSettings) => {
      deps.storage.setItem(SETTINGS_CACHE_KEY, JSON.stringify(settings));
      set({ settings, source: 'fresh' });
    };
    return {
      settings: cached ?? DEFAULT_SETTINGS,
      source: cached ? 'cached' : 'default',
      async refresh() {
        try {
          const { data, error } = await (await deps.load()).from('app_settings').select(COLUMNS).limit(1);
          // Offline, or no access (a pending account reads no settings): keep what is cached.
          if (error || !data?.[0]) return;
          keep(fromRow(data[0]));
        } catch {
          // Same: the cached settings stay.
        }
      },
      async save(patch) {
        const values: Partial<SettingsRow> = {};
        if (patch.allowedSignupDomains) values.allowed_signup_domains = patch.allowedSignupDomains;
        if (patch.lockTimeoutMinutes !== undefined) values.lock_timeout_minutes = patch.lockTimeoutMinutes;
        try {
          const { data, error } = await (await deps.load()).from('app_settings').update(values).eq('id', SETTINGS_ROW_ID).select(COLUMNS);
          if (error) return error.message;
          if (!data?.[0]) return 'The settings could not be saved.';
          keep(fromRow(data[0]));
          return null;
        } catch (error) {
          return error instanceof Error ? error.message : 'The settings could not be saved.';
        }
      },
    };
  });
}

export const useAppSettings = createAppSettingsStore({
  load: async () => (await import('../lib/supabase.ts')).supabase as unknown as SettingsClient,
  storage: browserStorage,
});
