import { describe, expect, it } from 'vitest';
import { afterCheckpointFilter, checkpointAfter, isPullCheckpoint } from './pull-query.ts';

describe('pull checkpoints', () => {
  it('filters rows after (_modified, id), with quoted values', () => {
    expect(
      afterCheckpointFilter({ modified: '2026-11-21T10:00:00.123456+00:00', id: '0b6c7a3e-0000-4000-8000-000000000001' }),
    ).toBe(
      '_modified.gt."2026-11-21T10:00:00.123456+00:00",and(_modified.eq."2026-11-21T10:00:00.123456+00:00",id.gt."0b6c7a3e-0000-4000-8000-000000000001")',
    );
  });

  it('escapes quotes and backslashes in values', () => {
    expect(afterCheckpointFilter({ modified: 'a"b\\c', id: 'x' })).toBe(
      '_modified.gt."a\\"b\\\\c",and(_modified.eq."a\\"b\\\\c",id.gt."x")',
    );
  });

  it('moves to the last row of a batch and stays put on an empty batch', () => {
    const previous = { modified: '2026-01-01T00:00:00+00:00', id: 'a' };
    expect(
      checkpointAfter(
        [
          { id: 'b', _modified: '2026-01-02T00:00:00.000001+00:00' },
          { id: 'c', _modified: '2026-01-02T00:00:00.000002+00:00' },
        ],
        previous,
      ),
    ).toEqual({ modified: '2026-01-02T00:00:00.000002+00:00', id: 'c' });
    expect(checkpointAfter([], previous)).toBe(previous);
    expect(checkpointAfter([], undefined)).toBeUndefined();
  });

  it('refuses a row without its _modified text', () => {
    expect(() => checkpointAfter([{ id: 'a' }], undefined)).toThrow('no _modified');
  });

  it('recognises a stored checkpoint', () => {
    expect(isPullCheckpoint({ modified: 'x', id: 'y' })).toBe(true);
    expect(isPullCheckpoint(null)).toBe(false);
    expect(isPullCheckpoint({ modified: 1, id: 'y' })).toBe(false);
  });
});
