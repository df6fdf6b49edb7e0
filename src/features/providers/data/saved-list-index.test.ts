/** The saved list, read and indexed once per page load and handed over to the database's list. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeListSnapshot } from './list-snapshot-store.ts';
import type { ListProvider } from './provider-list-source.ts';
import { forgetSavedListIndexes, savedListIndex, takeSavedListIndex } from './saved-list-index.ts';

const row = (id: string, last_name: string) => ({ id, first_name: 'Ann', last_name, npi: '1234567893' }) as ListProvider;

beforeAll(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  await writeListSnapshot('u1', 'all', { lwt: 5, json: JSON.stringify([row('a', 'Doe'), row('b', 'Adams')]) });
  await writeListSnapshot('u1', 'healthcare', { lwt: 6, json: JSON.stringify([row('a', 'Doe')]) });
  await writeListSnapshot('u2', 'all', { lwt: 7, json: JSON.stringify([row('c', 'Whitfield')]) });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the saved list index', () => {
  it('is read and indexed once for the page, then handed over to the database list', async () => {
    const shown = await savedListIndex('u1', 'all');
    expect(shown?.lwt).toBe(5);
    expect(shown?.index.query('').map((provider) => provider.last_name)).toEqual(['Adams', 'Doe']);
    expect((await savedListIndex('u1', 'all'))?.index).toBe(shown?.index);

    const taken = await takeSavedListIndex('u1', 'all');
    expect(taken?.index).toBe(shown?.index);
    // Let go of once taken: a later visit reads the store again.
    const later = await savedListIndex('u1', 'all');
    expect(later?.index).not.toBe(shown?.index);
    expect(later?.index.query('doe').map((provider) => provider.id)).toEqual(['a']);
  });

  it('keeps users and scopes apart, and lets go of a user’s lists at sign-out', async () => {
    const first = await savedListIndex('u1', 'all');
    const other = await savedListIndex('u2', 'all');
    expect(other?.index.query('').map((provider) => provider.id)).toEqual(['c']);
    expect(await savedListIndex('u1', 'healthcare')).toMatchObject({ lwt: 6 });
    expect((await savedListIndex('u1', 'healthcare'))?.index.query('').map((provider) => provider.id)).toEqual(['a']);
    expect(await savedListIndex('u1', 'non_healthcare')).toBeNull();

    forgetSavedListIndexes('u1');
    expect((await savedListIndex('u1', 'all'))?.index).not.toBe(first?.index);
    expect((await savedListIndex('u2', 'all'))?.index).toBe(other?.index);
  });

  it('is null when nothing was saved', async () => {
    expect(await savedListIndex('nobody', 'all')).toBeNull();
    expect(await takeSavedListIndex('nobody', 'all')).toBeNull();
  });
});
