/**
 * The accessibility check of every page the e2e specs visit: axe-core (through
 * @axe-core/playwright) against WCAG 2.1 A and AA, in the light and the dark theme, with
 * zero violations allowed.
 *
 * How a page is checked: once the page shows what it is for (its heading, its rows or its
 * form, not a spinner), call
 *
 *   await expectAccessible(page, 'organizations list');
 *
 * It checks the page as it stands, switches the theme the way another tab would (next-themes
 * follows the `theme` key of localStorage), checks again, and switches back, so one visit
 * covers both themes. A dialog or a state worth checking (an error message, a filled form)
 * is checked the same way while it is open. Every journey and screenshot spec calls it on
 * each page it visits; a new page is added to the screenshot specs (e2e/*-screenshots.spec.ts
 * or e2e/screenshots.spec.ts) with a call after its shot. A failure lists each rule broken,
 * its impact, and the elements that break it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Theme = 'light' | 'dark';

async function currentTheme(page: Page): Promise<Theme> {
  return (await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'dark' : 'light';
}

/** Switch the theme as a change of localStorage in another tab does, and wait for it to apply. */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => {
    const previous = localStorage.getItem('theme');
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue: previous, newValue: value }));
  }, theme);
  await expect.poll(() => currentTheme(page), { message: `the page switches to the ${theme} theme` }).toBe(theme);
  // Colours transition: let them settle before contrast is measured.
  await page.waitForTimeout(350);
}

async function violationsIn(page: Page, theme: Theme): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return violations.map((violation) => {
    const targets = violation.nodes.slice(0, 5).map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ')}`);
    return `[${theme}] ${violation.id} (${violation.impact}): ${violation.help}\n${targets.join('\n')}`;
  });
}

/** Zero WCAG 2.1 AA violations on the page as it stands, in both themes. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const first = await currentTheme(page);
  const second: Theme = first === 'light' ? 'dark' : 'light';
  const found = await violationsIn(page, first);
  await switchTheme(page, second);
  found.push(...(await violationsIn(page, second)));
  await switchTheme(page, first);
  expect(found, `accessibility of ${label}:\n${found.join('\n')}`).toEqual([]);
}
