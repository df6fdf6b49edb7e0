/**
 * Saving the edit form: the two parts of spec §7 as local writes, and what counts as a
 * failure of each (a failed local write, or the server refusing the change during sync).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderDoc } from '../../../db/index.ts';
import { primaryStateAndLicense } from '../../../lib/provider/nppes.ts';
import { sampleNppesData } from '../../../lib/provider/nppes-sample.ts';
import { editProviderDefaults, type EditProviderFormValues } from '../model/edit-provider-schema.ts';
import { saveProvider, type SaveProviderDeps, type ServerAnswer, type Written } from './save-provider.ts';

const NOW = '2026-11-21T10:00:00.000Z';

function record(overrides: Partial<ProviderDoc> = {}): ProviderDoc {
  return {
    id: 'p1',
    first_name: 'Jane',
    last_name: 'Doe',
    nickname: null,
    credential: 'MD',
    email: null,
    phone: null,
    taxonomy_code: '207Q00000X',
    taxonomy_description: 'Family Medicine',
    nppes_data: sampleNppesData() as unknown as ProviderDoc['nppes_data'],
    local_dirty: false,
    ...overrides,
  } as ProviderDoc;
}

/** A fake local record: writes patch it; the "server" answers each write as told. */
function fakeDeps(start: ProviderDoc, answers: Array<'ack' | 'refuse' | 'pending'> = [], failWrite: number | null = null) {
  let current = { ...start };
  const server = { ...start };
  const writes: Array<Partial<ProviderDoc>> = [];
  const deps: SaveProviderDeps = {
    async write(patch) {
      if (failWrite === writes.length) throw new Error('QuotaExceededError');
      writes.push(patch);
      current = { ...current, ...patch, local_dirty: true };
      return { record: current, lwt: writes.length } satisfies Written;
    },
    async awaitServer(): Promise<ServerAnswer> {
      const answer = answers.shift() ?? 'ack';
      if (answer === 'pending') return { kind: 'pending' };
      if (answer === 'refuse') current = { ...server };
      else Object.assign(server, current, { local_dirty: false });
      current = { ...current, local_dirty: false };
      return { kind: 'answered', record: current };
    },
    now: () => NOW,
  };
  return { deps, writes, current: () => current };
}

const edit = (provider: ProviderDoc, changes: Partial<EditProviderFormValues>): EditProviderFormValues => ({
  ...editProviderDefaults(provider),
  ...changes,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('saveProvider', () => {
  it('writes part 1 (the columns and updated_at), trimmed, blanks as null', async () => {
    const provider = record();
    const fake = fakeDeps(provider);
    const outcome = await saveProvider(provider, edit(provider, { first_name: ' Janet ', email: ' janet@clinic.test ', credential: '' }), fake.deps);
    expect(outcome).toEqual({ detailsSaved: true, registrySaved: null });
    expect(fake.writes).toEqual([
      {
        first_name: 'Janet',
        last_name: 'Doe',
        email: 'janet@clinic.test',
        phone: null,
        nickname: null,
        credential: null,
        taxonomy_description: 'Family Medicine',
        taxonomy_code: '207Q00000X',
        updated_at: NOW,
      },
    ]);
  });

  it('writes part 2 when the primary state or license changed, updating the primary taxonomy', async () => {
    const provider = record();
    const fake = fakeDeps(provider);
    const outcome = await saveProvider(provider, edit(provider, { license_number: 'NY-42' }), fake.deps);
    expect(outcome).toEqual({ detailsSaved: true, registrySaved: true });
    expect(fake.writes).toHaveLength(2);
    expect(fake.writes[1]?.updated_at).toBe(NOW);
    expect(primaryStateAndLicense(fake.current().nppes_data)).toEqual({ state: 'NY', license: 'NY-42' });
  });

  it('creates a primary taxonomy entry for a record without registry data when a state is given', async () => {
    const provider = record({ nppes_data: null });
    const fake = fakeDeps(provider);
    expect(await saveProvider(provider, edit(provider, { primary_state: 'VT' }), fake.deps)).toEqual({ detailsSaved: true, registrySaved: true });
    expect(primaryStateAndLicense(fake.current().nppes_data)).toEqual({ state: 'VT', license: '' });
  });

  it('fails part 1 when the local write fails, and does not try part 2', async () => {
    const provider = record();
    const fake = fakeDeps(provider, [], 0);
    expect(await saveProvider(provider, edit(provider, { license_number: 'NY-42' }), fake.deps)).toEqual({
      detailsSaved: false,
      registrySaved: null,
    });
    expect(fake.writes).toEqual([]);
  });

  it('fails part 1 when the server refuses it (the record was reset), and does not try part 2', async () => {
    const provider = record();
    const fake = fakeDeps(provider, ['refuse']);
    expect(await saveProvider(provider, edit(provider, { first_name: 'Janet', license_number: 'NY-42' }), fake.deps)).toEqual({
      detailsSaved: false,
      registrySaved: null,
    });
    expect(fake.writes).toHaveLength(1);
    expect(fake.current().first_name).toBe('Jane');
  });

  it('fails part 2 alone when its local write fails', async () => {
    const provider = record();
    const fake = fakeDeps(provider, [], 1);
    expect(await saveProvider(provider, edit(provider, { license_number: 'NY-42' }), fake.deps)).toEqual({
      detailsSaved: true,
      registrySaved: false,
    });
  });

  it('fails part 2 alone when the server refuses it', async () => {
    const provider = record();
    const fake = fakeDeps(provider, ['ack', 'refuse']);
    expect(await saveProvider(provider, edit(provider, { first_name: 'Janet', license_number: 'NY-42' }), fake.deps)).toEqual({
      detailsSaved: true,
      registrySaved: false,
    });
    expect(fake.current().first_name).toBe('Janet');
    expect(primaryStateAndLicense(fake.current().nppes_data).license).toBe('123456');
  });

  it('counts a change the server has not answered yet (offline, slow) as saved on this device', async () => {
    const provider = record();
    const fake = fakeDeps(provider, ['pending', 'pending']);
    expect(await saveProvider(provider, edit(provider, { license_number: 'NY-42' }), fake.deps)).toEqual({
      detailsSaved: true,
      registrySaved: true,
    });
  });

  it('treats a record removed by the server (refused, no copy there) as a failed part 1', async () => {
    const provider = record();
    const deps: SaveProviderDeps = {
      write: async (patch) => ({ record: { ...provider, ...patch, local_dirty: true }, lwt: 1 }),
      awaitServer: async () => ({ kind: 'answered', record: null }),
      now: () => NOW,
    };
    expect(await saveProvider(provider, edit(provider, {}), deps)).toEqual({ detailsSaved: false, registrySaved: null });
  });
});
