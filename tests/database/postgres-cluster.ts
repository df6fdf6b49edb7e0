/**
 * A throwaway PostgreSQL server for the database tests: Debian's PostgreSQL (15 on these
 * machines, as `.ci/run` installs it), `initdb` in a temporary folder, started on a free
 * port with its Unix socket in that folder, owned by a non-root user when the tests run
 * as root (Postgres refuses to run as root). The bootstrap superuser is `supabase_admin`,
 * as on Supabase, so the `postgres` role the migrations run as can be an ordinary one.
 * Stopped and deleted by `stop()`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Cluster {
  /** Folder of the Unix socket (the `host` for a client). */
  socketDir: string;
  port: number;
  /** `postgres -V`, e.g. "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
  stop(): Promise<void>;
}

export const BOOTSTRAP_SUPERUSER = 'supabase_admin';

/** The bin folder of the newest PostgreSQL installed (Debian's layout, else the PATH). */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.POSTGRES_BIN;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && fs.existsSync(path.join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    return initdb ? path.dirname(initdb) : null;
  } catch {
    return null;
  }
}

/** uid/gid of the user the server runs as: ourselves, or `postgres`/`nobody` under root. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (Number.isInteger(uid) && Number.isInteger(gid)) return { uid, gid };
    } catch {
      // try the next name
    }
  }
  throw new Error('Running as root and found neither a `postgres` nor a `nobody` user to run PostgreSQL as.');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function waitForReady(bin: string, socketDir: string, port: number, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (server.exitCode !== null) return reject(new Error(`PostgreSQL exited (${server.exitCode}):\n${log()}`));
      try {
        execFileSync(path.join(bin, 'pg_isready'), ['-q', '-h', socketDir, '-p', String(port)]);
        return resolve();
      } catch {
        if (Date.now() > deadline) return reject(new Error(`PostgreSQL did not start within 30 s:\n${log()}`));
        setTimeout(poll, 100);
      }
    };
    poll();
  });
}

export async function startCluster(bin: string): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  const dataDir = path.join(dir, 'data');
  const user = serverUser();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C' };
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', BOOTSTRAP_SUPERUSER, '--auth=trust', '--encoding=UTF8', '--no-sync', '--no-instructions'],
    { ...asUser, env, stdio: 'pipe', cwd: dir },
  );
  const port = await freePort();
  let output = '';
  const server = spawn(
    path.join(bin, 'postgres'),
    [
      '-D', dataDir,
      '-p', String(port),
      '-k', dir,
      '-c', 'listen_addresses=127.0.0.1',
      // A throwaway cluster: durability buys nothing and costs seconds.
      '-c', 'fsync=off',
      '-c', 'synchronous_commit=off',
      '-c', 'full_page_writes=off',
      // Hosted Supabase runs with logical replication on (Realtime reads the WAL).
      '-c', 'wal_level=logical',
    ],
    { ...asUser, env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForReady(bin, dir, port, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const version = execFileSync(path.join(bin, 'postgres'), ['-V'], { encoding: 'utf8' }).trim();
  return {
    socketDir: dir,
    port,
    version,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
        server.kill('SIGINT'); // fast shutdown
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
