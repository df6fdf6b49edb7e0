/**
 * The shared shape of the app's storage wrappers (bulk-checkpoint-storage.ts,
 * indexed-changes-storage.ts): the same storage, whose every new instance is patched in
 * place. In place, not wrapped: the app reads the Dexie storage's internals from the
 * instance (queries.ts), and RxDB's own wrappers go on top of it.
 */
import { getPrimaryFieldOfPrimaryKey, type RxStorage, type RxStorageInstance } from 'rxdb';

// The storage's type parameters are internal to each storage implementation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStorage = RxStorage<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyInstance = RxStorageInstance<any, any, any, any>;

/** The checkpoint of RxDB's own storages: the last row read, by (write time, id). */
export interface LwtCheckpoint {
  id: string;
  lwt: number;
}

export function patchStorageInstances<S extends AnyStorage>(storage: S, patch: (instance: AnyInstance, primaryPath: string) => void): S {
  return {
    ...storage,
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params: Parameters<S['createStorageInstance']>[0]) {
      const instance: AnyInstance = await storage.createStorageInstance(params);
      patch(instance, getPrimaryFieldOfPrimaryKey(params.schema.primaryKey) as string);
      return instance;
    },
  } as S;
}
