/** The shared tooltip clock: 700 ms normally, 0 within 300 ms of a tooltip closing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentTooltipOpenDelay, noteTooltipClosed, subscribeTooltipDelay } from './tooltip-delay.ts';

describe('tooltip delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('opens after 700 ms, and at once within 300 ms of another tooltip closing', () => {
    const changes: number[] = [];
    const unsubscribe = subscribeTooltipDelay(() => changes.push(currentTooltipOpenDelay()));
    expect(currentTooltipOpenDelay()).toBe(700);

    noteTooltipClosed();
    expect(currentTooltipOpenDelay()).toBe(0);
    vi.advanceTimersByTime(299);
    expect(currentTooltipOpenDelay()).toBe(0);

    // Closing again restarts the 300 ms window.
    noteTooltipClosed();
    vi.advanceTimersByTime(299);
    expect(currentTooltipOpenDelay()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(currentTooltipOpenDelay()).toBe(700);

    expect(changes).toEqual([0, 700]);
    unsubscribe();
    noteTooltipClosed();
    expect(changes).toEqual([0, 700]);
  });
});
