/** The rules of keeping a draft as it is typed, with a fake store and fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftAddress } from '../../db/drafts/draft-store.ts';
import { DRAFT_WRITE_DELAY_MS, DraftKeeper, type DraftWrites } from './draft-keeper.ts';

const ADDRESS: DraftAddress = { userId: 'u1', form: 'order-entry', record: 'new' };
interface Form {
  comments: string;
}

function fakeStore() {
  const log: string[] = [];
  let onDevice: unknown = null;
  const store: DraftWrites = {
    async save(_address, value) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      onDevice = value;
      log.push(`save ${JSON.stringify(value)}`);
    },
    async discard() {
      onDevice = null;
      log.push('discard');
    },
  };
  return { store, log, onDevice: () => onDevice };
}

function keeper(store: DraftWrites, extra: Partial<ConstructorParameters<typeof DraftKeeper<Form>>[0]> = {}) {
  return new DraftKeeper<Form>({ address: ADDRESS, store, seal: null, isEmpty: (value) => value.comments === '', now: () => 42, ...extra });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('DraftKeeper', () => {
  it('writes the last value of a burst of keystrokes once, a moment after it', async () => {
    const { store, log, onDevice } = fakeStore();
    const saved: Array<number | null> = [];
    const draft = keeper(store, { onSaved: (at) => saved.push(at) });
    for (const text of ['F', 'Fa', 'Fas', 'Fasting']) draft.keep({ comments: text });
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['save {"comments":"Fasting"}']);
    expect(onDevice()).toEqual({ comments: 'Fasting' });
    expect(saved).toEqual([42]);
    // The same value again writes nothing.
    draft.keep({ comments: 'Fasting' });
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS * 2);
    expect(log).toHaveLength(1);
  });

  it('writes at once on flush (the page is hidden or reloads), in order', async () => {
    const { store, log } = fakeStore();
    const draft = keeper(store);
    draft.keep({ comments: 'one' });
    const first = draft.flush();
    draft.keep({ comments: 'two' });
    const second = draft.flush();
    await vi.advanceTimersByTimeAsync(20);
    await Promise.all([first, second]);
    expect(log).toEqual(['save {"comments":"one"}', 'save {"comments":"two"}']);
  });

  it('deletes the draft for an untouched form, and after submit or discard does not bring it back for the same input', async () => {
    const { store, log, onDevice } = fakeStore();
    const draft = keeper(store);
    draft.keep({ comments: 'Fasting' });
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS + 10);
    draft.keep({ comments: '' });
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS + 10);
    expect(onDevice()).toBeNull();

    draft.keep({ comments: 'Submitted' });
    await draft.end({ comments: 'Submitted' });
    expect(onDevice()).toBeNull();
    // The page still holds the submitted values while it leaves (an unmount's flush): nothing is kept.
    draft.keep({ comments: 'Submitted' });
    await draft.flush();
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS + 10);
    expect(onDevice()).toBeNull();
    // Typing again starts a new draft.
    draft.keep({ comments: 'Another order' });
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS + 10);
    expect(onDevice()).toEqual({ comments: 'Another order' });
    expect(log.filter((entry) => entry === 'discard')).toHaveLength(2);
  });

  it('does not write again the draft it was restored from, and reports a failed write without stopping', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const store: DraftWrites = {
      save: async () => {
        if (fail) throw new Error('QuotaExceededError');
      },
      discard: async () => undefined,
    };
    const save = vi.spyOn(store, 'save');
    const draft = keeper(store, { restored: { comments: 'Restored' }, onError: (error) => errors.push(error) });
    draft.keep({ comments: 'Restored' });
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS + 10);
    expect(save).not.toHaveBeenCalled();
    draft.keep({ comments: 'Restored, then more' });
    await draft.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    draft.keep({ comments: 'Restored, then more and more' });
    await draft.flush();
    expect(save).toHaveBeenCalledTimes(2);
  });
});
