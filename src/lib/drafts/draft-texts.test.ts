import { describe, expect, it } from 'vitest';
import { restoredText } from './draft-texts.ts';

describe('restoredText', () => {
  it('says when the restored draft was saved', () => {
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    expect(restoredText(now - 10_000, now)).toBe('Restored what you were entering on this device (saved just now). Submitting or discarding it ends the draft.');
    expect(restoredText(now - 5 * 60_000, now)).toBe('Restored what you were entering on this device (saved 5 minutes ago). Submitting or discarding it ends the draft.');
  });
});
