/**
 * The benchmark's patients phase (issue 26): patients are protected health information,
 * held in the encrypted protected database and searched through an in-memory index built
 * after unlock (docs/data-model.md, "Protected collections"). In a fresh browser a staff
 * member signs in on /patients and the device downloads (and seals) every patient; then,
 * offline after a reload (the data key forgotten), the password is entered on a patient's
 * page (unlock to that page painted) and on the list (unlock to first rows and to the whole
 * list searchable); back online, the patient search is typed and timed keystroke to paint
 * like the provider search.
 */
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { measureHeap, measureSearch, painted, probe, STAFF, waitFor, type SearchFigures } from './measure-app.ts';
import { installProbes, KEEP_NAMES_SHIM, type ProbedList } from './page-probes.ts';
import { patientSearchKeystrokes, type PatientCounts, type SamplePatient } from './seed-patients.ts';
import { KEPT_KEYS_DB_NAME } from '../../src/db/protected/kept-key.ts';

export interface PatientTarget {
  appUrl: string;
  counts: PatientCounts;
  samples: readonly SamplePatient[];
  keystrokes: number;
}

export interface PatientFigures {
  /** Patients on the server (and so on the device), and the active ones the list shows. */
  patients: number;
  activePatients: number;
  seedSeconds: number;
  /** Sign-in to the whole patient list searchable and the sync indicator at rest. */
  firstSync: { seconds: number; patientsPerSecond: number };
  /** Used JS heap with the list's index of every patient in memory. */
  heapWithListMb: number;
  /** Offline, after a reload: the Open patient records click to the patient's page painted. */
  unlockToPatientPageMs: number;
  /** Offline, after a reload: the click to the list's first rows, and to the whole list searchable. */
  unlockToListFirstRowsMs: number;
  unlockToListSearchableMs: number;
  search: SearchFigures;
}

const UNLOCK_BUTTON = 'Open patient records';

export function patientCountText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'patient' : 'patients'}`;
}

function patientListProbe(active: number): ProbedList {
  return { rowSelector: '[data-testid="patient-row"]', countSelector: '[data-testid="patient-count"]', countText: patientCountText(active) };
}

declare global {
  interface Window {
    __unlock: { clickedAt: number | null; paintedAt: number | null };
  }
}

/**
 * A load within the idle window resumes with the data key the device keeps (issue 47), so
 * nothing asks for the password: the unlock is measured as after that window, with the kept
 * key forgotten first (the next page load asks).
 */
export async function forgetKeptKey(page: Page): Promise<void> {
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      }),
    KEPT_KEYS_DB_NAME,
  );
}

/**
 * Enters the password on the unlock form and clicks Open patient records. Returns when the
 * click happened (page time); with `heading`, also when an h1 containing it was painted.
 */
export async function unlock(page: Page, heading: string | null): Promise<{ clickedAt: number; paintedAt: number | null }> {
  try {
    return await unlockAndTime(page, heading);
  } catch (error) {
    const shot = path.join(os.tmpdir(), `bench-unlock-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`Unlocking the patient records on ${page.url()} failed (screenshot ${shot}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function unlockAndTime(page: Page, heading: string | null): Promise<{ clickedAt: number; paintedAt: number | null }> {
  // The unlock form's field is required: its label reads "Password *".
  await page.getByLabel(/^Password/).fill(STAFF.password);
  await page.evaluate((expected) => {
    const state = { clickedAt: null as number | null, paintedAt: null as number | null };
    window.__unlock = state;
    document.addEventListener('click', (event) => (state.clickedAt ??= event.timeStamp), { capture: true, once: true });
    if (expected === null) return;
    const observer = new MutationObserver(() => {
      if (!document.querySelector('h1')?.textContent?.includes(expected)) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (state.paintedAt = performance.now());
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  }, heading);
  await page.getByRole('button', { name: UNLOCK_BUTTON }).click();
  if (heading !== null) await page.waitForFunction(() => window.__unlock.paintedAt !== null, null, { timeout: 120_000 });
  return page.evaluate(() => ({ clickedAt: window.__unlock.clickedAt!, paintedAt: window.__unlock.paintedAt }));
}

/** The last write the sealed saved list reflects (null: none saved yet); see src/lib/list/savable-list.ts. */
async function savedListWrite(page: Page, listKey: string): Promise<number | null> {
  return page.evaluate(
    (suffix) =>
      new Promise<number | null>((resolve) => {
        const request = indexedDB.open('labdir-list-snapshots');
        request.onerror = () => resolve(null);
        request.onsuccess = () => {
          const db = request.result;
          try {
            const cursor = db.transaction('lists').objectStore('lists').openCursor();
            let lwt: number | null = null;
            cursor.onsuccess = () => {
              const at = cursor.result;
              if (!at) {
                db.close();
                resolve(lwt);
                return;
              }
              if (String(at.key).endsWith(suffix)) lwt = (at.value as { lwt: number }).lwt;
              at.continue();
            };
            cursor.onerror = () => resolve(null);
          } catch {
            db.close();
            resolve(null);
          }
        };
      }),
    `:sealed:protected:${listKey}`,
  );
}

/**
 * Waits until the device has saved the protected list (sealed) for the next unlock, and the
 * save has been the same for 3 s (it is saved after the list has been quiet 2 s): the state
 * a reload finds once the device has been used a moment after its sync.
 */
export async function protectedListSaved(page: Page, listKey: string, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: number | null = null;
  let since = Date.now();
  for (;;) {
    const lwt = await savedListWrite(page, listKey);
    if (lwt !== last) {
      last = lwt;
      since = Date.now();
    } else if (lwt !== null && Date.now() - since >= 3000) {
      return;
    }
    if (Date.now() > deadline) throw new Error(`The ${listKey} list was not saved for the next unlock within ${timeout} ms`);
    await page.waitForTimeout(250);
  }
}

export async function syncAtRest(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-indicator"]')?.getAttribute('data-tone') === 'ok', null, { timeout });
}

export async function measurePatients(browser: Browser, target: PatientTarget, log: (line: string) => void): Promise<Omit<PatientFigures, 'seedSeconds'>> {
  const { appUrl, counts, samples } = target;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript({ content: KEEP_NAMES_SHIM });
    await context.addInitScript(installProbes, patientListProbe(counts.active));
    const page = await context.newPage();
    await page.goto(`${appUrl}/patients`);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/patients$/, { timeout: 60_000 });
    // Generous: a slow download is a figure, not a failure.
    const timeout = 120_000 + counts.total * 5;
    await waitFor(page, 'every patient in the list after the first sync', (s) => painted(s.searchReadyAt), timeout);
    await syncAtRest(page, timeout);
    const seconds = (Date.now() - started) / 1000;
    log(`patients: first sync of ${counts.total.toLocaleString('en-US')} in ${seconds.toFixed(1)} s`);
    const heapWithListMb = await measureHeap(page);
    // As a device used a moment after its sync: the list saved (sealed) for the next unlock.
    await protectedListSaved(page, 'patients', timeout);

    // Offline reloads need the service worker in control.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await context.setOffline(true);
    await forgetKeptKey(page);

    const patient = samples[0]!;
    await page.goto(`${appUrl}/patients/${patient.id}`);
    const opened = await unlock(page, patient.lastName);
    const unlockToPatientPageMs = opened.paintedAt! - opened.clickedAt;
    log(`patients: unlock to a patient's page ${unlockToPatientPageMs.toFixed(0)} ms (offline)`);

    await forgetKeptKey(page);
    await page.goto(`${appUrl}/patients`);
    const listed = await unlock(page, null);
    // Every patient is read and decrypted before the first rows: allow for a slow machine.
    const opening = 60_000 + counts.total * 2;
    const firstRowsAt = await waitFor(page, 'the patient list after unlock', (s) => painted(s.firstRowPaintedAt), opening);
    const searchableAt = await waitFor(page, 'the whole patient list searchable after unlock', (s) => painted(s.searchReadyAt), opening);
    const unlockToListFirstRowsMs = firstRowsAt - listed.clickedAt;
    const unlockToListSearchableMs = searchableAt - listed.clickedAt;
    log(`patients: unlock to the list's first rows ${unlockToListFirstRowsMs.toFixed(0)} ms, searchable ${unlockToListSearchableMs.toFixed(0)} ms (offline)`);

    // The search is typed online with the sync at rest, as the provider search is.
    await context.setOffline(false);
    await syncAtRest(page, 60_000);
    if ((await probe(page)).searchReadyAt === null) throw new Error('The patient list is not searchable');
    const search = await measureSearch(page, {
      keys: patientSearchKeystrokes(samples, target.keystrokes),
      countTestId: 'patient-count',
      countText: patientCountText(counts.active),
      label: `patient-search-${counts.total}`,
    });
    log(`patients: search p95 ${search.p95.toFixed(1)} ms (app time ${search.busy.p95.toFixed(1)} ms) over ${search.keystrokes} keystrokes`);
    return {
      patients: counts.total,
      activePatients: counts.active,
      firstSync: { seconds, patientsPerSecond: counts.total / seconds },
      heapWithListMb,
      unlockToPatientPageMs,
      unlockToListFirstRowsMs,
      unlockToListSearchableMs,
      search,
    };
  } finally {
    await context.close().catch(() => undefined);
  }
}
