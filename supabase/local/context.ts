/**
 * What every service of the local stack is built from: its settings, the database, the
 * log, its own base URL and the mailbox where auth "sends" its links.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailbox } from './mailbox.ts';

export interface StackContext {
  config: StackConfig;
  db: Database;
  log: (line: string) => void;
  /** Base URL of the running stack, e.g. http://127.0.0.1:54321 */
  url: string;
  mailbox: Mailbox;
}

/** An HTTP service mounted under a path prefix; `url.pathname` keeps the full path. */
export interface HttpService {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  close?(): Promise<void>;
}
