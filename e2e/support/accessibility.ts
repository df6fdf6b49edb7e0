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

/** What the focused element shows, read in the page: its ring and what surrounds it. */
interface FocusLook {
  what: string;
  outlineWidth: number;
  outlineStyle: string;
  outlineColor: string;
  background: string;
}

type Rgba = [number, number, number, number];

function parseColor(text: string): Rgba | null {
  const rgb = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/.exec(text);
  if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
  return null;
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of a (possibly translucent) ring over its background. */
export function ringContrast(ring: string, background: string): number | null {
  const bg = parseColor(background);
  const fg = parseColor(ring);
  if (!bg || !fg) return null;
  const over: Rgba = [fg[0] * fg[3] + bg[0] * (1 - fg[3]), fg[1] * fg[3] + bg[1] * (1 - fg[3]), fg[2] * fg[3] + bg[2] * (1 - fg[3]), 1];
  const [light, dark] = [luminance(over), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

async function focusLooks(page: Page, tabs: number): Promise<FocusLook[]> {
  const looks: FocusLook[] = [];
  await page.locator('body').focus();
  for (let step = 0; step < tabs; step++) {
    await page.keyboard.press('Tab');
    const look = await page.evaluate((): FocusLook | null => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      let background = 'rgb(255, 255, 255)';
      for (let node: HTMLElement | null = element.parentElement; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (color && color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color)) {
          background = color;
          break;
        }
      }
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return {
        what: `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${name}"`,
        outlineWidth: parseFloat(style.outlineWidth) || 0,
        outlineStyle: style.outlineStyle,
        outlineColor: style.outlineColor,
        background,
      };
    });
    if (look) looks.push(look);
  }
  return looks;
}

function ringProblems(looks: FocusLook[], theme: Theme): string[] {
  const problems = new Set<string>();
  for (const look of looks) {
    const contrast = ringContrast(look.outlineColor, look.background);
    if (look.outlineStyle === 'none' || look.outlineWidth < 2) problems.add(`[${theme}] ${look.what}: focus ring ${look.outlineWidth}px ${look.outlineStyle}`);
    else if (contrast !== null && contrast < 3) problems.add(`[${theme}] ${look.what}: focus ring ${contrast.toFixed(2)}:1 against ${look.background}`);
  }
  return [...problems];
}

/**
 * WCAG 2.2 focus appearance (2.4.13), which axe does not check: Tab through the first
 * `tabs` stops of the page in both themes; every focused control shows a solid ring at least
 * 2 px wide, 3:1 against what surrounds it.
 */
export async function expectFocusRings(page: Page, label: string, tabs = 25): Promise<void> {
  const first = await currentTheme(page);
  const second: Theme = first === 'light' ? 'dark' : 'light';
  const found = ringProblems(await focusLooks(page, tabs), first);
  await switchTheme(page, second);
  found.push(...ringProblems(await focusLooks(page, tabs), second));
  await switchTheme(page, first);
  expect(found, `focus rings of ${label}:\n${found.join('\n')}`).toEqual([]);
}
