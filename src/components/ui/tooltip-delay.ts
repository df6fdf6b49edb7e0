/**
 * Tooltip timing shared by every tooltip (spec §9): a tooltip opens after 700 ms, but one
 * opened within 300 ms of another closing opens at once (the "skip delay" of Radix), so a
 * user moving along a toolbar is not made to wait at every button. Zag's tooltip only skips
 * the delay while another tooltip is still visible, hence this small shared clock.
 */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let skipping = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setSkipping(value: boolean): void {
  if (skipping === value) return;
  skipping = value;
  for (const listener of listeners) listener();
}

/** Call when a tooltip closes: for the next 300 ms, tooltips open without delay. */
export function noteTooltipClosed(): void {
  setSkipping(true);
  clearTimeout(timer);
  timer = setTimeout(() => setSkipping(false), TOOLTIP_SKIP_DELAY_MS);
}

export function subscribeTooltipDelay(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentTooltipOpenDelay(): number {
  return skipping ? 0 : TOOLTIP_OPEN_DELAY_MS;
}
