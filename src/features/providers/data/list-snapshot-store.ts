/** The provider lists' saved whole lists: the shared store of src/lib/list, keyed by scope. */
export { deleteListSnapshots, readListSnapshot, writeListSnapshot, type ListSnapshotRecord } from '../../../lib/list/list-snapshot-store.ts';
