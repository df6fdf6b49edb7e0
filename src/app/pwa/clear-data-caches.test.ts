import { describe, expect, it } from 'vitest';
import { clearDataCaches, isAppShellCache } from './clear-data-caches.ts';

function fakeCaches(names: string[]) {
  const live = new Set(names);
  return {
    live,
    storage: {
      keys: async () => [...live],
      delete: async (name: string) => live.delete(name),
    } as unknown as CacheStorage,
  };
}

describe('clearDataCaches', () => {
  it('deletes every cache but the app shell precache', async () => {
    const { live, storage } = fakeCaches(['workbox-precache-v2-http://127.0.0.1:4391/', 'supabase-rest', 'api-responses']);
    expect(await clearDataCaches(storage)).toEqual(['supabase-rest', 'api-responses']);
    expect([...live]).toEqual(['workbox-precache-v2-http://127.0.0.1:4391/']);
  });

  it('knows the precache by its Workbox name', () => {
    expect(isAppShellCache('workbox-precache-v2-https://lab.example/')).toBe(true);
    expect(isAppShellCache('workbox-runtime')).toBe(false);
  });
});
