/**
 * Saves the bulk import's job document in batches. The job holds every row with its NPPES
 * answer, so it is large; saving it whole after each row (and painting the whole table)
 * held the import to about one row a second in the browser. The loop now reports each
 * change here, and the document is written once `everyChanges` changes have gathered or
 * `everyMs` after the first unsaved one, and at once when the page asks (`flush`: a pause,
 * a phase change, the page hidden or left). Writes never overlap and keep their order.
 *
 * What a crash between two saves loses is only the record of the last rows' outcomes,
 * never a row's identity: the ids of every row's records were chosen when the file was
 * read and saved then, so a row created but not yet recorded is recognised by its
 * provider id on resume and marked created, not created again (import-steps.ts); a
 * lookup not yet recorded is asked again.
 */
export interface JobSaverOptions {
  everyChanges?: number;
  everyMs?: number;
}

export interface JobSaver<T> {
  /** The job changed: it will be saved soon. */
  changed(job: T): void;
  /** Save what is not saved yet, now; resolves when it is written. */
  flush(): Promise<void>;
  /** A change waits to be saved or a save is under way. */
  readonly dirty: boolean;
}

export const SAVE_EVERY_CHANGES = 25;
export const SAVE_EVERY_MS = 500;

export function createJobSaver<T>(write: (job: T) => Promise<void>, options: JobSaverOptions = {}): JobSaver<T> {
  const everyChanges = options.everyChanges ?? SAVE_EVERY_CHANGES;
  const everyMs = options.everyMs ?? SAVE_EVERY_MS;
  let pending: { job: T } | null = null;
  let changes = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing = 0;
  let queue: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return queue;
    const { job } = pending;
    pending = null;
    changes = 0;
    writing += 1;
    queue = queue
      .then(() => write(job))
      .catch((error: unknown) => {
        console.error('[provider-import] saving the import failed', error);
        if (!pending) pending = { job }; // the next flush tries again
      })
      .finally(() => {
        writing -= 1;
      });
    return queue;
  };

  return {
    changed(job) {
      pending = { job };
      changes += 1;
      if (changes >= everyChanges) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), everyMs);
    },
    flush,
    get dirty() {
      return pending !== null || writing > 0;
    },
  };
}
