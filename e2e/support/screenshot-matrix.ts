/**
 * The viewports and themes the screenshot specs shoot. `npm test` shoots one of the four
 * combinations, tablet in dark, so CI stays short: every journey already renders the wide
 * desktop in light, so this is the combination nothing else checks. `npm run screenshots`
 * (SCREENSHOTS=all) shoots all four for people to look through.
 */
export interface ScreenshotCase {
  tag: 'desktop' | 'tablet';
  width: number;
  height: number;
  theme: 'light' | 'dark';
}

const DESKTOP = { tag: 'desktop', width: 1440, height: 900 } as const;
// The draw station's tablet (an iPad Air's 820×1180 CSS pixels, portrait).
const TABLET = { tag: 'tablet', width: 820, height: 1180 } as const;

const ALL: ScreenshotCase[] = [
  { ...DESKTOP, theme: 'light' },
  { ...TABLET, theme: 'light' },
  { ...DESKTOP, theme: 'dark' },
  { ...TABLET, theme: 'dark' },
];

export const SCREENSHOT_CASES: ScreenshotCase[] =
  process.env.SCREENSHOTS === 'all' ? ALL : ALL.filter((c) => c.tag === 'tablet' && c.theme === 'dark');
