/**
 * Runs a step of a test at the moment the replication writes a pulled version of one record:
 * after RxDB has read the record and before its write lands (the window in which a local
 * write makes RxDB's write fail on the revision). Only the first such write is held.
 */
import type { RxStorageInstance } from 'rxdb';

export interface HeldDownstreamWrite {
  /** Whether the replication has written the record (and the step has run). */
  readonly happened: boolean;
}

export function duringDownstreamWriteOf<Doc extends { id: string }, Internals, Options>(
  storage: RxStorageInstance<Doc, Internals, Options>,
  id: string,
  step: () => Promise<unknown>,
): HeldDownstreamWrite {
  const write = storage.bulkWrite.bind(storage);
  const held = { happened: false };
  storage.bulkWrite = async (rows, context) => {
    if (!held.happened && context.startsWith('replication-downstream') && rows.some((row) => row.document.id === id)) {
      held.happened = true;
      await step();
    }
    return write(rows, context);
  };
  return held;
}
