/**
 * Layout checks of what a person must be able to read: no text cut off (an ellipsis, a
 * clamped line) and no two boxes drawn over each other, at the width the journey sets.
 */
import { expect, type Locator } from '@playwright/test';

/** Every element the locator matches shows its whole text: nothing cut with an ellipsis or a clamp. */
export async function expectWholeText(elements: Locator, what: string): Promise<void> {
  const cut = await elements.evaluateAll((nodes) =>
    nodes
      .filter((node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1)
      .map((node) => (node.textContent ?? '').trim()),
  );
  expect(cut, `${what} cut off`).toEqual([]);
}

/** Two boxes side by side or one above the other, never overlapping. */
export async function expectApart(first: Locator, second: Locator, what: string): Promise<void> {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
  expect(a && b, `${what}: both shown`).toBeTruthy();
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `${what} overlap`).toBe(false);
}
