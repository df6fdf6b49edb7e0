/**
 * Loads `supabase/functions/<name>/index.ts` in-process on its first call (tsx or vitest
 * compile the TypeScript) and keeps the handler its `Deno.serve` registered. Imports run
 * one at a time (captureServe), so each `Deno.serve` call is attributed to the module being loaded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { captureServe, installDenoShim, type RegisteredServe } from './deno-shim.ts';

/** The function's module failed to load or never called `Deno.serve` (Supabase's BOOT_ERROR). */
export class BootError extends Error {}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const loaded = new Map<string, Promise<RegisteredServe>>();

/** The entry file of a function, or null when there is no such function. */
export function functionEntry(functionsDir: string, name: string): string | null {
  if (!NAME.test(name)) return null;
  const file = path.join(functionsDir, name, 'index.ts');
  return fs.existsSync(file) ? file : null;
}

export function loadFunction(file: string): Promise<RegisteredServe> {
  const cached = loaded.get(file);
  if (cached) return cached;
  installDenoShim();
  const loading = (async () => {
    let registered: RegisteredServe | null;
    try {
      registered = await captureServe(() => import(pathToFileURL(file).href));
    } catch (error) {
      throw new BootError(`${path.relative(process.cwd(), file)} failed to load: ${String(error)}`, { cause: error });
    }
    if (!registered) throw new BootError(`${path.relative(process.cwd(), file)} did not call Deno.serve`);
    return registered;
  })();
  loaded.set(file, loading);
  // A failed load is not kept, so a fixed file loads on the next call.
  loading.catch(() => loaded.delete(file));
  return loading;
}
