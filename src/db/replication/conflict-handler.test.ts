import { describe, expect, it } from 'vitest';
import { fieldsOf, rowToDoc } from '../mapping/row-mapping.ts';
import { createConflictHandler } from './conflict-handler.ts';
import { EditBases, type EditBaseStore } from './edit-bases.ts';
import { RejectionRegistry } from './rejections.ts';
import { UnacknowledgedPushes } from './unacknowledged-pushes.ts';

const base = rowToDoc('providers', {
  id: 'p1',
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@clinic.test',
  phone: '1',
  created_at: '2026-11-21T09:00:00+00:00',
  updated_at: '2026-11-21T09:00:00+00:00',
  _modified: '2026-11-21T09:00:00.000001+00:00',
  _deleted: false,
});

function memoryBaseStore(): EditBaseStore {
  const saved = new Map<string, Record<string, unknown>>();
  return {
    get: async (key) => saved.get(key) ?? null,
    set: async (key, doc) => void saved.set(key, structuredClone(doc)),
    remove: async (key) => void saved.delete(key),
  };
}

function setup() {
  const notices: string[] = [];
  const rejections = new RejectionRegistry();
  const unacknowledged = new UnacknowledgedPushes();
  const editBases = new EditBases();
  editBases.attach(memoryBaseStore());
  const handler = createConflictHandler('providers', {
    rejections,
    unacknowledged,
    editBases,
    lookup: async () => null,
    notify: (message) => notices.push(message),
  });
  return { handler, notices, rejections, unacknowledged, editBases };
}

describe('the conflict handler', () => {
  it('merges, keeps the record dirty when local changes remain, and tells about replaced fields', async () => {
    const { handler, notices } = setup();
    const local = { ...base, last_name: 'Smith', email: 'mine@clinic.test', local_dirty: true };
    const server = { ...base, email: 'theirs@clinic.test', server_modified: '2026-11-21T10:00:00.000001+00:00' };
    const merged = await handler.resolve({ newDocumentState: local, assumedMasterState: base, realMasterState: server }, 'test');
    expect(merged).toMatchObject({
      last_name: 'Smith',
      email: 'theirs@clinic.test',
      sort_name: 'smith jane',
      local_dirty: true,
      server_modified: '2026-11-21T10:00:00.000001+00:00',
    });
    expect(notices).toEqual([
      'Provider “Jane Smith”: your change to email was replaced by a newer change made on the server. Your other changes were kept.',
    ]);
  });

  it('takes the server version quietly for a stale downloaded copy the push handler adopted', async () => {
    const { handler, notices, rejections } = setup();
    const stale = { ...base, phone: 'old' }; // downloaded earlier, clean, its receipt lost
    const server = { ...base, phone: 'new', server_modified: '2026-11-21T10:00:00.000001+00:00' };
    rejections.adoptServerCopy('providers', 'p1');
    const resolved = await handler.resolve({ newDocumentState: stale, assumedMasterState: undefined, realMasterState: server }, 'test');
    expect(resolved).toEqual({ ...server, local_dirty: false });
    expect(notices).toEqual([]);
    expect(rejections.size).toBe(0);
  });

  it("counts only the unanswered states sent against the conflict's base as this browser's own", async () => {
    const { handler, unacknowledged } = setup();
    // Phone 2 was sent against `base` (its answer lost); a later merge moved the base on to
    // phone 1 again; now the server holds phone 2 from another user's newer edit.
    await unacknowledged.sent('providers', [{ id: 'p1', doc: { ...base, phone: '2' }, against: fieldsOf(base) }]);
    const movedOn = { ...base, email: 'later@clinic.test', server_modified: '2026-11-21T10:00:00.000001+00:00' };
    const server = { ...movedOn, phone: '2', server_modified: '2026-11-21T11:00:00.000001+00:00' };
    const local = { ...movedOn, last_name: 'Smith', local_dirty: true };
    const later = await handler.resolve({ newDocumentState: local, assumedMasterState: movedOn, realMasterState: server }, 'test');
    expect(later).toMatchObject({ phone: '2', last_name: 'Smith' });
    // Against the base it was sent with, the same server value is this browser's own write,
    // and the newer local value (set back to 1) stands.
    const own = await handler.resolve({ newDocumentState: { ...base, local_dirty: true }, assumedMasterState: base, realMasterState: { ...base, phone: '2', server_modified: movedOn.server_modified } }, 'test');
    expect(own).toMatchObject({ phone: '1', local_dirty: true });
  });

  it('merges against the server row an edit was made from when RxDB recorded no base for it', async () => {
    // Downloaded, then the page closed before RxDB recorded the download, then edited.
    const { handler, notices } = setup();
    const edited = { ...base, phone: '2', local_dirty: true };
    const kept = await handler.resolve({ newDocumentState: edited, assumedMasterState: undefined, realMasterState: base }, 'test');
    expect(kept).toMatchObject({ phone: '2', local_dirty: true });
    expect(notices).toEqual([]);
    // Once the server has moved on, the version the edit came from is unknown: the server wins.
    const newer = { ...base, phone: '3', server_modified: '2026-11-21T10:00:00.000001+00:00' };
    const replaced = await handler.resolve({ newDocumentState: edited, assumedMasterState: undefined, realMasterState: newer }, 'test');
    expect(replaced).toMatchObject({ phone: '3' });
    expect(notices).toEqual([
      'Provider “Jane Doe”: your change to phone was replaced by a newer change made on the server. Your other changes were kept.',
    ]);
  });

  it('merges against the state the app kept before the first edit when RxDB has none and the server moved on', async () => {
    const { handler, notices, editBases } = setup();
    await editBases.remember('providers', { ...base, _deleted: false });
    const edited = { ...base, phone: '2', local_dirty: true };
    // A colleague changed the email since: a newer server version.
    const newer = { ...base, email: 'new@clinic.test', server_modified: '2026-11-21T10:00:00.000001+00:00' };
    const merged = await handler.resolve({ newDocumentState: edited, assumedMasterState: undefined, realMasterState: newer }, 'test');
    expect(merged).toMatchObject({ phone: '2', email: 'new@clinic.test', local_dirty: true, server_modified: newer.server_modified });
    expect(notices).toEqual([]);
    // The same field changed on both sides: the server's value wins, and the user is told.
    const both = { ...newer, phone: '3' };
    expect(await handler.resolve({ newDocumentState: edited, assumedMasterState: undefined, realMasterState: both }, 'test')).toMatchObject({ phone: '3' });
    expect(notices).toEqual([
      'Provider “Jane Doe”: your change to phone was replaced by a newer change made on the server. Your other changes were kept.',
    ]);
  });

  it('prefers the server state RxDB recorded to the one the app kept', async () => {
    const { handler, notices, editBases } = setup();
    await editBases.remember('providers', { ...base, phone: 'kept' });
    const edited = { ...base, email: 'mine@clinic.test', local_dirty: true };
    const newer = { ...base, email: 'theirs@clinic.test', server_modified: '2026-11-21T10:00:00.000001+00:00' };
    // Against RxDB's base only the email changed on both sides; against the kept one the phone would have too.
    const merged = await handler.resolve({ newDocumentState: edited, assumedMasterState: base, realMasterState: newer }, 'test');
    expect(merged).toMatchObject({ phone: '1', email: 'theirs@clinic.test' });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('your change to email was replaced');
  });

  it('is clean when the merge equals the server row', async () => {
    const { handler, notices } = setup();
    const server = { ...base, phone: '2', server_modified: '2026-11-21T10:00:00.000001+00:00' };
    const merged = await handler.resolve({ newDocumentState: { ...base, phone: '2' }, assumedMasterState: base, realMasterState: server }, 'test');
    expect(merged.local_dirty).toBe(false);
    expect(notices).toEqual([]);
  });

  it('takes the server row as it is for a refused change', async () => {
    const { handler, notices, rejections } = setup();
    rejections.add('providers', 'p1', { code: '42501', message: 'permission denied' });
    const merged = await handler.resolve(
      { newDocumentState: { ...base, phone: '9', local_dirty: true }, assumedMasterState: base, realMasterState: base },
      'test',
    );
    expect(merged).toMatchObject({ phone: '1', local_dirty: false });
    expect(rejections.size).toBe(0);
    expect(notices).toEqual([]);
  });

  it('compares documents by meaning, ignoring local-only fields', () => {
    const { handler } = setup();
    expect(handler.isEqual(base, { ...base, local_dirty: true, updated_at: '2026-11-21T09:00:00.000Z' }, 'test')).toBe(true);
    expect(handler.isEqual(base, { ...base, phone: '2' }, 'test')).toBe(false);
  });
});
