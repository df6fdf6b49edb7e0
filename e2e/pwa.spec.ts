/**
 * Journey: the installable app. The manifest and its icons are served; the service worker
 * takes over the page that installed it, opens the app with no connection (navigations
 * fall back to the precached index.html), and never answers Supabase API calls from a cache.
 */
import { expect, test } from '@playwright/test';
import { ANON_KEY, STACK_URL } from './support/env.ts';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the web app manifest makes it installable, with real 192 and 512 px icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();

  const response = await request.get(href ?? '');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'LabLink Provider Directory',
    short_name: 'LabLink',
    display: 'standalone',
    start_url: '/dashboard',
    theme_color: '#0f7577',
  });
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((entry) => entry.sizes === `${size}x${size}` && entry.purpose !== 'maskable');
    expect(icon, `${size} px icon`).toBeTruthy();
    const png = await request.get(icon?.src ?? '');
    expect(png.headers()['content-type']).toContain('image/png');
    expect(pngSize(await png.body())).toEqual({ width: size, height: size });
  }
  expect(manifest.icons.some((entry) => entry.purpose === 'maskable')).toBe(true);
});

test('the service worker opens the app offline and never caches the Supabase API', async ({ page, context }) => {
  await page.goto('/');
  // The first visit installs the worker, and the worker takes control of that very page
  // (no reload): its next page's code comes from the precache, offline too.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);

  const api = `${STACK_URL}/auth/v1/settings`;
  const callApi = () =>
    page.evaluate(
      async ({ url, key }) => {
        try {
          const response = await fetch(url, { headers: { apikey: key } });
          return `status ${response.status}`;
        } catch {
          return 'network error';
        }
      },
      { url: api, key: ANON_KEY },
    );
  expect(await callApi()).toMatch(/^status \d+$/);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Every ordering provider');
    // A deep link offline: index.html from the precache, then the router and the guard.
    await page.goto('/providers/healthcare');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to LabLink' })).toBeVisible();
    // The same API call that worked online is not answered from any cache.
    expect(await callApi()).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
});
