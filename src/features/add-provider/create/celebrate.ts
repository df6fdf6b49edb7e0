/**
 * The celebration after a provider is added (spec §2, §9): canvas-confetti, 80 particles a
 * burst, three bursts 250 ms apart. Nothing plays for users who ask the system for reduced
 * motion (and canvas-confetti's own `disableForReducedMotion` guards the same). The canvas
 * sits over the whole window, so it keeps playing while the app moves on to /providers.
 */
import confetti from 'canvas-confetti';

export const CONFETTI_PARTICLES = 80;
export const CONFETTI_BURSTS = 3;
export const CONFETTI_INTERVAL_MS = 250;

/** Where each burst comes from: the middle, then left and right of it. */
const ORIGINS_X = [0.5, 0.3, 0.7] as const;

export interface CelebrateDeps {
  fire: (options: confetti.Options) => unknown;
  schedule: (run: () => void, delayMs: number) => unknown;
  reducedMotion: () => boolean;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const browserDeps: CelebrateDeps = {
  fire: (options) => confetti(options),
  schedule: (run, delayMs) => setTimeout(run, delayMs),
  reducedMotion: prefersReducedMotion,
};

/** Plays the bursts; returns how many were scheduled (0 with reduced motion). */
export function celebrate(deps: CelebrateDeps = browserDeps): number {
  if (deps.reducedMotion()) return 0;
  ORIGINS_X.slice(0, CONFETTI_BURSTS).forEach((x, index) => {
    deps.schedule(() => {
      try {
        deps.fire({ particleCount: CONFETTI_PARTICLES, spread: 70, startVelocity: 45, origin: { x, y: 0.6 }, disableForReducedMotion: true });
      } catch (error) {
        // A decoration: a browser without canvas support must not break the save that already happened.
        console.error('[add-provider] confetti failed', error);
      }
    }, index * CONFETTI_INTERVAL_MS);
  });
  return CONFETTI_BURSTS;
}
