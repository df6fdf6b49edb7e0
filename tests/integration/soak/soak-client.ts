/**
 * The orchestrator's handle on one simulated browser (a worker thread running
 * soak-worker.ts under tsx): typed, promise-returning calls for each command.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { ClientState, Command, Doc, Reply, SoakTable, WorkerInit } from './soak-protocol.ts';

const WORKER_FILE = fileURLToPath(new URL('./soak-worker.ts', import.meta.url));
// The worker loads TypeScript through tsx's loader, registered before the entry is imported.
const BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE)}); })`;

export class SoakClient {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;

  constructor(
    readonly index: number,
    readonly userId: string,
    init: WorkerInit,
  ) {
    this.worker = new Worker(BOOT, { eval: true, workerData: init });
    this.worker.on('message', (reply: Reply) => {
      if (process.env.SOAK_DEBUG) console.error(`[soak] client ${index} reply ${reply.id} ${reply.ok ? JSON.stringify(reply.result)?.slice(0, 80) : reply.error}`);
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(`client ${index}: ${reply.error}`));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`client ${index}: worker exited (${code})`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  private call<T>(command: Command): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (process.env.SOAK_DEBUG) console.error(`[soak] client ${this.index} ${command.cmd}`);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, ...command });
    });
  }

  open = () => this.call<null>({ cmd: 'open' });
  close = () => this.call<null>({ cmd: 'close' });
  /** Close the database and open it again from the same storage (a page reload). */
  reload = async () => {
    await this.close();
    await this.open();
  };
  insert = (table: SoakTable, doc: Doc) => this.call<boolean>({ cmd: 'insert', table, doc });
  /** False when the record is not in this browser's database (yet). */
  patch = (table: SoakTable, id: string, fields: Doc) => this.call<boolean>({ cmd: 'patch', table, docId: id, fields });
  setOnline = (online: boolean) => this.call<null>({ cmd: 'setOnline', online });
  resync = () => this.call<null>({ cmd: 'resync' });
  awaitInSync = () => this.call<null>({ cmd: 'awaitInSync' });
  dump = (table: SoakTable) => this.call<Doc[]>({ cmd: 'dump', table });
  state = () => this.call<ClientState>({ cmd: 'state' });

  async dispose(): Promise<void> {
    await this.call<null>({ cmd: 'dispose' }).catch(() => undefined);
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}
