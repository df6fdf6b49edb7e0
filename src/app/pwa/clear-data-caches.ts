/**
 * Sign-out on a shared clinic computer leaves no data behind: besides the local database,
 * every Cache Storage cache other than the service worker's precache of the app shell is
 * deleted (data responses cached by any runtime route, now or added later). The app shell
 * stays, so the sign-in page still opens offline.
 */

/** Workbox names its precache `workbox-precache-v2-<scope>`: that one holds the app shell. */
export function isAppShellCache(name: string): boolean {
  return name.startsWith('workbox-precache');
}

/** Delete every cache but the app shell's; resolves to the names deleted. */
export async function clearDataCaches(cacheStorage: CacheStorage | undefined = globalThis.caches): Promise<string[]> {
  if (!cacheStorage) return [];
  const names = (await cacheStorage.keys()).filter((name) => !isAppShellCache(name));
  await Promise.all(names.map((name) => cacheStorage.delete(name)));
  return names;
}
