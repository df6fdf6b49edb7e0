import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { callerHungUp } from './respond.ts';

describe('callerHungUp', () => {
  let server: Server | null = null;
  afterEach(() => server?.close());

  it('is true for a download the caller aborted, and false for a failure of the service', async () => {
    const failure = new Promise<{ hungUp: boolean; message: string }>((resolve) => {
      server = createServer((_req, res) => {
        res.writeHead(200);
        // An endless answer: only the caller going away ends it.
        const endless = Readable.from((function* () {
          for (;;) yield Buffer.alloc(64 * 1024);
        })());
        pipeline(endless, res).catch((error: unknown) => resolve({ hungUp: callerHungUp(res, error), message: String(error) }));
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server?.address() as AddressInfo;
    const call = request({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.once('data', () => call.destroy());
    });
    call.on('error', () => {});
    call.end();

    const { hungUp, message } = await failure;
    expect(message).toContain('Premature close');
    expect(hungUp).toBe(true);
    expect(callerHungUp({ destroyed: false }, new Error('relation "orders" does not exist'))).toBe(false);
    expect(callerHungUp({ destroyed: false }, null)).toBe(false);
  });
});
