/**
 * The failure switches of the registry simulator, so every failure path of the
 * verification functions can be tested. A fault comes, in order of precedence, from the
 * request itself (`x-simulator-fault` header or `__fault` query parameter), from the
 * runtime switch (`POST /__simulator/__faults`, for the next N requests of a registry or
 * until cleared, optionally only for requests about one NPI so that test files running
 * in parallel on one stack do not trip each other's faults: the functions forward neither
 * header nor parameter), or from the env of
 * the whole run (`SIMULATOR_FAULT_NPPES`, `SIMULATOR_FAULT_CMS`, `SIMULATOR_FAULT_DELAY_MS`).
 * One FaultControl lives on each simulator service, so parallel stacks never share state.
 */

export const FAULT_KINDS = ['slow', 'error500', 'malformed', 'empty', 'reset'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type Registry = 'nppes' | 'cms';
export const REGISTRIES: readonly Registry[] = ['nppes', 'cms'];

/** Longer than any sane client timeout; `delayMs` overrides it. */
export const DEFAULT_SLOW_MS = 30_000;

export interface ActiveFault {
  kind: FaultKind;
  /** How long `slow` waits before answering normally. */
  delayMs: number;
  source: 'request' | 'control' | 'env';
}

export interface ArmedFault {
  registry: Registry;
  kind: FaultKind;
  /** Only requests about this NPI (`number=` or `filter[NPI]=`) trip it; null = every request. */
  npi: string | null;
  delayMs: number | null;
  /** Requests left before the switch turns itself off; null = until cleared. */
  remaining: number | null;
}

export interface FaultSettings {
  nppes?: FaultKind | null;
  cms?: FaultKind | null;
  npi?: string;
  delayMs?: number;
  times?: number;
}

export interface FaultState {
  armed: ArmedFault[];
  env: { nppes: FaultKind | null; cms: FaultKind | null; delayMs: number | null };
}

export function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (FAULT_KINDS as readonly string[]).includes(value);
}

function positiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** Checks a `POST /__faults` body; the message says what is wrong. */
export function parseFaultSettings(body: unknown): { ok: true; settings: FaultSettings } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Expected a JSON object like {"nppes":"error500","times":1}' };
  }
  const record = body as Record<string, unknown>;
  const unknownKeys = Object.keys(record).filter((key) => !['nppes', 'cms', 'npi', 'delayMs', 'times'].includes(key));
  if (unknownKeys.length > 0) return { ok: false, message: `Unknown field(s): ${unknownKeys.join(', ')}` };
  const settings: FaultSettings = {};
  for (const registry of REGISTRIES) {
    if (!(registry in record)) continue;
    const value = record[registry];
    if (value !== null && !isFaultKind(value)) {
      return { ok: false, message: `${registry} must be one of ${FAULT_KINDS.join(', ')} or null` };
    }
    settings[registry] = value;
  }
  if (!('nppes' in settings) && !('cms' in settings)) return { ok: false, message: 'Give nppes and/or cms' };
  if ('npi' in record) {
    if (typeof record.npi !== 'string' || !/^[0-9]{10}$/.test(record.npi)) return { ok: false, message: 'npi must be 10 digits' };
    settings.npi = record.npi;
  }
  if ('delayMs' in record) {
    if (!positiveInteger(record.delayMs)) return { ok: false, message: 'delayMs must be a positive integer' };
    settings.delayMs = record.delayMs;
  }
  if ('times' in record) {
    if (!positiveInteger(record.times)) return { ok: false, message: 'times must be a positive integer' };
    settings.times = record.times;
  }
  return { ok: true, settings };
}

function envFault(value: string | undefined, name: string): FaultKind | null {
  if (!value) return null;
  if (!isFaultKind(value)) throw new Error(`${name}=${value} is not one of ${FAULT_KINDS.join(', ')}`);
  return value;
}

export class FaultControl {
  /** Armed switches, keyed by registry and NPI ("*" for any), so parallel tests can each arm their own. */
  private readonly armed = new Map<string, ArmedFault>();
  private readonly envFaults: Record<Registry, FaultKind | null>;
  private readonly envDelayMs: number | null;

  constructor(env: Record<string, string | undefined> = {}) {
    this.envFaults = {
      nppes: envFault(env.SIMULATOR_FAULT_NPPES, 'SIMULATOR_FAULT_NPPES'),
      cms: envFault(env.SIMULATOR_FAULT_CMS, 'SIMULATOR_FAULT_CMS'),
    };
    const delay = env.SIMULATOR_FAULT_DELAY_MS;
    this.envDelayMs = delay && /^[0-9]+$/.test(delay) ? Number(delay) : null;
  }

  /**
   * Arms the runtime switch of each registry named in the settings (for one NPI when
   * `npi` is given), or clears it with null (without `npi`: every switch of that registry).
   */
  set(settings: FaultSettings): void {
    for (const registry of REGISTRIES) {
      const kind = settings[registry];
      if (kind === undefined) continue;
      const npi = settings.npi ?? null;
      if (kind === null) {
        for (const [key, fault] of this.armed) {
          if (fault.registry === registry && (npi === null || fault.npi === npi)) this.armed.delete(key);
        }
      } else {
        const fault = { registry, kind, npi, delayMs: settings.delayMs ?? null, remaining: settings.times ?? null };
        this.armed.set(`${registry}:${npi ?? '*'}`, fault);
      }
    }
  }

  /** Clears the runtime switches (faults from the env stay for the whole run). */
  clear(): void {
    this.armed.clear();
  }

  state(): FaultState {
    return { armed: [...this.armed.values()].map((fault) => ({ ...fault })), env: { ...this.envFaults, delayMs: this.envDelayMs } };
  }

  /**
   * The fault for one request to `registry` (about `npi`, when the request names one). A
   * fault asked for by the request wins and does not use up a switch; then a switch armed
   * for that NPI, then one armed for every request (counting down), else the env fault.
   */
  next(registry: Registry, requested: FaultKind | null, requestedDelayMs: number | null, npi: string | null = null): ActiveFault | null {
    if (requested) return { kind: requested, delayMs: requestedDelayMs ?? this.envDelayMs ?? DEFAULT_SLOW_MS, source: 'request' };
    const key = [npi && `${registry}:${npi}`, `${registry}:*`].find((k) => k && this.armed.has(k));
    const armed = key ? this.armed.get(key) : undefined;
    if (key && armed) {
      if (armed.remaining !== null) {
        armed.remaining -= 1;
        if (armed.remaining <= 0) this.armed.delete(key);
      }
      return { kind: armed.kind, delayMs: armed.delayMs ?? this.envDelayMs ?? DEFAULT_SLOW_MS, source: 'control' };
    }
    const fromEnv = this.envFaults[registry];
    return fromEnv ? { kind: fromEnv, delayMs: this.envDelayMs ?? DEFAULT_SLOW_MS, source: 'env' } : null;
  }
}
