import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { isCodeFetchError, reachable, withReachablePages } from './reachable-routes.tsx';

type LoadRoute = () => Promise<RouteObject>;

describe('pages whose code is not on the device', () => {
  afterEach(() => vi.restoreAllMocks());

  it('knows a failed fetch of the app’s code in each browser’s words, and nothing else', () => {
    expect(isCodeFetchError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/protected-gate-1.js'))).toBe(true);
    expect(isCodeFetchError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeFetchError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isCodeFetchError(new Error('Unable to preload CSS for /assets/link-list.css'))).toBe(true);
    expect(isCodeFetchError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isCodeFetchError(null)).toBe(false);
  });

  it('gives a page that waits for the connection when the code cannot be fetched, and passes any other error on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Page = () => null;
    await expect(reachable(async () => ({ Component: Page }))()).resolves.toEqual({ Component: Page });
    const offline = await reachable(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: x.js')))();
    expect(typeof offline.Component).toBe('function');
    expect(offline.Component).not.toBe(Page);
    await expect(reachable(() => Promise.reject(new Error('a bug')))()).rejects.toThrow('a bug');
  });

  it('wraps every lazy route of the table, nested ones too, and leaves the rest as it is', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = () => Promise.reject(new TypeError('Importing a module script failed.'));
    const element = 'kept';
    const [root] = withReachablePages([{ id: 'root', children: [{ path: 'a', lazy: failing, children: [{ index: true, lazy: failing }] }, { path: '*', element }] }]);
    const [a, other] = root!.children!;
    expect(other).toEqual({ path: '*', element });
    expect(typeof (await (a!.lazy as LoadRoute)()).Component).toBe('function');
    const inner = a!.children![0]!;
    expect(typeof (await (inner.lazy as LoadRoute)()).Component).toBe('function');
  });
});
