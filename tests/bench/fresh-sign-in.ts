/**
 * A new device as the first-sync and new-device measurements both start it: a fresh browser
 * profile with the page probes installed, on /providers, with the staff login typed in. The
 * caller clicks Sign in, so its clock starts at the click.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { countText, STAFF, type AppTarget } from './measure-app.ts';
import { installProbes, KEEP_NAMES_SHIM, providerListProbe } from './page-probes.ts';

export async function freshProfileAtSignIn(browser: Browser, target: AppTarget): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    await context.addInitScript(installProbes, providerListProbe(countText(target.providers)));
    const page = await context.newPage();
    await page.goto(`${target.appUrl}/providers`);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}
