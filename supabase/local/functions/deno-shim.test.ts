// captureServe gives each module load its own Deno.serve, even when loads overlap (two
// stacks' loaders in one test process): the second waits for the first.
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { captureServe, installDenoShim, type ServeHandler } from './deno-shim.ts';

const denoServe = (handler: ServeHandler) => (globalThis as unknown as { Deno: { serve: (h: ServeHandler) => unknown } }).Deno.serve(handler);

describe('captureServe', () => {
  it('attributes each Deno.serve to its own load when two loads overlap', async () => {
    installDenoShim();
    const slow: ServeHandler = () => new Response('slow');
    const quick: ServeHandler = () => new Response('quick');
    const first = captureServe(async () => {
      await delay(30);
      denoServe(slow);
    });
    const second = captureServe(async () => {
      denoServe(quick);
    });
    expect((await first)?.handler).toBe(slow);
    expect((await second)?.handler).toBe(quick);
  });

  it('a failed load does not hold back the next one', async () => {
    installDenoShim();
    const handler: ServeHandler = () => new Response('ok');
    const failing = captureServe(() => Promise.reject(new Error('syntax error')));
    const next = captureServe(async () => {
      denoServe(handler);
    });
    await expect(failing).rejects.toThrow('syntax error');
    expect((await next)?.handler).toBe(handler);
  });

  it('Deno.serve outside any load is refused', () => {
    installDenoShim();
    expect(() => denoServe(() => new Response('x'))).toThrow('Deno.serve was called outside the loading of an Edge Function module');
  });
});
