/**
 * RxDB's free Dexie storage prints an advertisement for its premium storages to the console
 * at the first write of every page ("RxDB Open Core RxStorage … premium plugins"). Staff and
 * support read the console for the product's own errors; the notice is dropped there, once.
 * Not by RxDB's `setPremiumFlag()`: that is for buyers of the premium plugins, and the
 * project uses the open-source storage as its licence allows. Only a warning whose text
 * starts with the notice's banner is dropped; every other warning passes through, and the
 * console is restored after the notice (RxDB prints it once per page).
 */
export const STORAGE_NOTICE_BANNER = '-------------- RxDB Open Core RxStorage';

let installed = false;

export function muteStorageNotice(target: Pick<Console, 'warn'> = console): void {
  if (installed) return;
  installed = true;
  const warn = target.warn;
  target.warn = function warnWithoutStorageNotice(...args: unknown[]) {
    if (typeof args[0] === 'string' && args[0].startsWith(STORAGE_NOTICE_BANNER)) {
      if (target.warn === warnWithoutStorageNotice) target.warn = warn;
      return;
    }
    warn.apply(this, args);
  };
}
