/** The confetti after a provider is added (spec §9): 80 particles, three bursts 250 ms apart, none with reduced motion. */
import { describe, expect, it, vi } from 'vitest';
import { celebrate, type CelebrateDeps } from './celebrate.ts';

function recorder(reducedMotion = false) {
  const fired: Array<{ at: number; particleCount: number | undefined; reduced: boolean | undefined }> = [];
  const pending: Array<{ at: number; run: () => void }> = [];
  let clock = 0;
  const deps: CelebrateDeps = {
    fire: (options) => fired.push({ at: clock, particleCount: options.particleCount, reduced: options.disableForReducedMotion }),
    schedule: (run, delayMs) => pending.push({ at: delayMs, run }),
    reducedMotion: () => reducedMotion,
  };
  const flush = () => {
    for (const task of pending.sort((a, b) => a.at - b.at)) {
      clock = task.at;
      task.run();
    }
  };
  return { deps, fired, flush };
}

describe('celebrate', () => {
  it('fires three bursts of 80 particles, 250 ms apart', () => {
    const { deps, fired, flush } = recorder();
    expect(celebrate(deps)).toBe(3);
    expect(fired).toEqual([]);
    flush();
    expect(fired).toEqual([
      { at: 0, particleCount: 80, reduced: true },
      { at: 250, particleCount: 80, reduced: true },
      { at: 500, particleCount: 80, reduced: true },
    ]);
  });

  it('plays nothing when the user prefers reduced motion', () => {
    const { deps, fired, flush } = recorder(true);
    expect(celebrate(deps)).toBe(0);
    flush();
    expect(fired).toEqual([]);
  });

  it('keeps going when a burst fails (no canvas)', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { deps, flush } = recorder();
    let calls = 0;
    celebrate({
      ...deps,
      fire: () => {
        calls += 1;
        throw new Error('no canvas');
      },
    });
    expect(() => flush()).not.toThrow();
    expect(calls).toBe(3);
    expect(logged).toHaveBeenCalledTimes(3);
    logged.mockRestore();
  });
});
