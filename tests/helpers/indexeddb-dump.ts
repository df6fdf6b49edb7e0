/**
 * Everything an IndexedDB factory holds, as text: every value of every object store of
 * every database. What a copy of a browser profile's IndexedDB would give away; the tests
 * of protected data look for a patient's identifying values in it.
 */

function request<T>(make: () => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const pending = make();
    pending.onsuccess = () => resolve(pending.result);
    pending.onerror = () => reject(pending.error);
  });
}

export async function dumpIndexedDb(factory: IDBFactory): Promise<string> {
  const texts: string[] = [];
  for (const { name } of await factory.databases()) {
    if (!name) continue;
    const db = await request(() => factory.open(name));
    for (const storeName of Array.from(db.objectStoreNames)) {
      const store = () => db.transaction(storeName, 'readonly').objectStore(storeName);
      texts.push(`${name}/${storeName}: ${JSON.stringify(await request(() => store().getAll()))} ${JSON.stringify(await request(() => store().getAllKeys()))}`);
    }
    db.close();
  }
  return texts.join('\n');
}
