/**
 * Just enough of the `Deno` global for Edge Functions to run in-process under Node:
 * `Deno.serve` (its handler is captured by the loader instead of listening on a port) and
 * `Deno.env`, and outbound TCP (`Deno.connect`, `Deno.connectTls`: deno-net.ts). Several
 * stacks can run in one process (tests), and a function module is
 * evaluated once per process, so `Deno.env` reads the env of the stack handling the
 * current request through AsyncLocalStorage, falling back to `process.env`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { connect, connectTls } from './deno-net.ts';

export interface ServeHandlerInfo {
  remoteAddr: { transport: 'tcp'; hostname: string; port: number };
  completed: Promise<void>;
}
export type ServeHandler = (request: Request, info: ServeHandlerInfo) => Response | Promise<Response>;
export type ServeErrorHandler = (error: unknown) => Response | Promise<Response>;

/** What one `Deno.serve` call registered. */
export interface RegisteredServe {
  handler: ServeHandler;
  onError: ServeErrorHandler | null;
}

/** Env of one stack: values set by `Deno.env.set` first, then the stack's, then process.env. */
export class FunctionEnv {
  private readonly set = new Map<string, string | null>();

  constructor(
    /** Values that win over process.env (the stack's own URL and keys). */
    private readonly fixed: Record<string, string>,
    /** Values process.env may override (registry URLs pointing at the simulator). */
    private readonly defaults: Record<string, string>,
  ) {}

  get(name: string): string | undefined {
    if (this.set.has(name)) return this.set.get(name) ?? undefined;
    return this.fixed[name] ?? process.env[name] ?? this.defaults[name];
  }

  toObject(): Record<string, string> {
    const out: Record<string, string> = { ...this.defaults };
    for (const [name, value] of Object.entries(process.env)) if (value !== undefined) out[name] = value;
    Object.assign(out, this.fixed);
    for (const [name, value] of this.set) {
      if (value === null) delete out[name];
      else out[name] = value;
    }
    return out;
  }

  assign(name: string, value: string | null): void {
    this.set.set(name, value);
  }
}

interface ShimState {
  currentEnv: AsyncLocalStorage<FunctionEnv>;
  onServe: ((serve: RegisteredServe) => void) | null;
  /** The last module load: loads run one at a time across every loader in the process. */
  loading?: Promise<unknown>;
}

// Shared through globalThis: a test runner may evaluate this module more than once in one
// process, while `globalThis.Deno` (and the function modules that call it) stay.
const STATE_KEY = Symbol.for('local-stack.deno-shim');
const state: ShimState = ((globalThis as Record<symbol, unknown>)[STATE_KEY] as ShimState | undefined) ?? {
  currentEnv: new AsyncLocalStorage<FunctionEnv>(),
  onServe: null,
};
(globalThis as Record<symbol, unknown>)[STATE_KEY] = state;
const currentEnv = state.currentEnv;

export function runWithEnv<T>(env: FunctionEnv, fn: () => T): T {
  return currentEnv.run(env, fn);
}

/**
 * Run `load` (a module import) and return the handler its `Deno.serve` call registered.
 * Loads wait for each other process-wide, not only per loader: a test runner may hold
 * several loader instances (one per test file's module graph, and a scheduler left from an
 * earlier file), and two overlapping loads would give one's `Deno.serve` to the other.
 */
export function captureServe(load: () => Promise<unknown>): Promise<RegisteredServe | null> {
  const run = (state.loading ?? Promise.resolve()).then(async () => {
    let captured: RegisteredServe | null = null;
    state.onServe = (serve) => {
      captured ??= serve;
    };
    try {
      await load();
    } finally {
      state.onServe = null;
    }
    return captured;
  });
  state.loading = run.catch(() => {});
  return run;
}

interface ServeOptions {
  handler?: ServeHandler;
  onError?: ServeErrorHandler;
}

function serve(first: ServeHandler | ServeOptions, second?: ServeHandler) {
  const options = typeof first === 'function' ? {} : first;
  const handler = typeof first === 'function' ? first : (second ?? first.handler);
  if (!handler) throw new TypeError('Deno.serve needs a handler');
  if (!state.onServe) throw new Error('Deno.serve was called outside the loading of an Edge Function module');
  state.onServe({ handler, onError: options.onError ?? null });
  const finished = new Promise<void>(() => {});
  return {
    finished,
    addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
    shutdown: () => Promise.resolve(),
    ref: () => {},
    unref: () => {},
  };
}

const env = {
  get: (name: string) => (currentEnv.getStore() ? currentEnv.getStore()?.get(name) : process.env[name]),
  has: (name: string) => env.get(name) !== undefined,
  set: (name: string, value: string) => {
    const store = currentEnv.getStore();
    if (store) store.assign(name, value);
    else process.env[name] = value;
  },
  delete: (name: string) => {
    const store = currentEnv.getStore();
    if (store) store.assign(name, null);
    else delete process.env[name];
  },
  toObject: () => currentEnv.getStore()?.toObject() ?? ({ ...process.env } as Record<string, string>),
};

/** Define `globalThis.Deno` once (and never over a real Deno). */
export function installDenoShim(): void {
  if ('Deno' in globalThis) return;
  Object.defineProperty(globalThis, 'Deno', {
    value: Object.freeze({ serve, env: Object.freeze(env), connect, connectTls, version: { deno: 'node-shim' } }),
    configurable: true,
    writable: false,
  });
}
