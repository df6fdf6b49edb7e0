import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4987';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const out = '/tmp/shellcheck/shots';
const which = process.argv[2] ?? 'all';
for (const theme of ['light', 'dark']) {
  for (const [vw, vh, tag] of [[1440, 900, 'desktop'], [768, 1024, 'tablet']]) {
    const context = await browser.newContext({ viewport: { width: vw, height: vh }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()); });
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto(base + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.screenshot({ path: `${out}/landing-${tag}-${theme}.png`, fullPage: which === 'full' });
    await page.goto(base + '/auth');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.screenshot({ path: `${out}/auth-${tag}-${theme}.png` });
    await page.getByLabel('Email').fill('staff@demo-lab.test');
    await page.getByLabel('Password', { exact: true }).fill('demo-staff-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/welcome|dashboard/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/after-signin-${tag}-${theme}.png` });
    await page.goto(base + '/providers');
    await page.getByTestId('placeholder-page').waitFor();
    await page.screenshot({ path: `${out}/providers-${tag}-${theme}.png` });
    await context.close();
  }
}
await browser.close();
