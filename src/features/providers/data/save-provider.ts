/**
 * Saving the edit form (spec §7 calls 4 and 5, §8 edit toasts) in a local-first app. Both
 * parts are writes to the local database that replicate; what "a part failed" means here:
 *
 * - part 1 (the identity, contact and taxonomy columns) fails when its local write fails
 *   (the record is gone, storage error) or when the server refuses the change during sync
 *   (RLS, a constraint): the sync layer then resets the record to the server's version, so
 *   the saved values did not stick. Spec: 'Failed to update provider information', no
 *   success toast, and part 2 is not attempted;
 * - part 2 (nppes_data with the primary taxonomy's state and license, only when needed)
 *   fails the same two ways. Spec: the 'Warning' toast, and the success toast still shows.
 *
 * While the device is online and syncing, each part waits (up to SERVER_ANSWER_TIMEOUT_MS)
 * for the server to acknowledge or refuse it, so the toasts tell the truth. Offline, or if
 * the server is slow, the local write is the save: the change is on this device and the
 * sync indicator shows it pending; a later refusal still reaches the user as a sync notice.
 */
import { firstValueFrom, filter, map, of, timeout } from 'rxjs';
import type { JsonValue, LocalDatabase, ProviderDoc } from '../../../db/index.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import type { EditProviderFormValues } from '../model/edit-provider-schema.ts';
import type { SaveOutcome } from '../model/provider-texts.ts';
import { planProviderUpdate, type ProviderDetailsPatch } from '../model/taxonomy-update.ts';
import { jsonEqual } from '../shared/json-equal.ts';

export const SERVER_ANSWER_TIMEOUT_MS = 10_000;

type ProviderRecord = Readonly<ProviderDoc>;

/** What the server made of the latest local change: not known (yet), or the record after its answer (null: removed). */
export type ServerAnswer = { kind: 'pending' } | { kind: 'answered'; record: ProviderRecord | null };

/** The local record right after a write, with its last-write time. */
export interface Written {
  record: ProviderRecord;
  lwt: number;
}

export interface SaveProviderDeps {
  /** Writes fields to the local record; throws when it cannot. */
  write(patch: Partial<ProviderDoc>): Promise<Written>;
  /** Waits for the server's answer to that write (pending when offline or slow). */
  awaitServer(written: Written): Promise<ServerAnswer>;
  now(): string;
}

const DETAIL_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'nickname',
  'credential',
  'taxonomy_description',
  'taxonomy_code',
] as const satisfies ReadonlyArray<keyof ProviderDetailsPatch>;

function detailsStuck(answer: ServerAnswer, details: ProviderDetailsPatch): boolean {
  if (answer.kind === 'pending') return true;
  const record = answer.record;
  return record !== null && DETAIL_FIELDS.every((field) => (record[field] ?? null) === details[field]);
}

function registryStuck(answer: ServerAnswer, nppesData: unknown): boolean {
  if (answer.kind === 'pending') return true;
  return answer.record !== null && jsonEqual(answer.record.nppes_data, nppesData);
}

export async function saveProvider(
  provider: { nppes_data: unknown },
  values: EditProviderFormValues,
  deps: SaveProviderDeps,
): Promise<SaveOutcome> {
  const plan = planProviderUpdate(provider, values, deps.now());
  let written: Written;
  try {
    written = await deps.write(plan.details);
  } catch (error) {
    console.error('[providers] saving the provider details failed', error);
    return { detailsSaved: false, registrySaved: null };
  }
  if (!detailsStuck(await deps.awaitServer(written), plan.details)) {
    console.error('[providers] the server refused the provider details');
    return { detailsSaved: false, registrySaved: null };
  }
  if (!plan.registry) return { detailsSaved: true, registrySaved: null };
  const nppesData = plan.registry.nppes_data as unknown as JsonValue;
  try {
    written = await deps.write({ nppes_data: nppesData, updated_at: plan.registry.updated_at });
  } catch (error) {
    console.error('[providers] saving the taxonomy data failed', error);
    return { detailsSaved: true, registrySaved: false };
  }
  if (!registryStuck(await deps.awaitServer(written), nppesData)) {
    console.error('[providers] the server refused the taxonomy data');
    return { detailsSaved: true, registrySaved: false };
  }
  return { detailsSaved: true, registrySaved: true };
}

/** The save's writes and waits against the local database. */
export function databaseSaveDeps(db: LocalDatabase, id: string, timeoutMs = SERVER_ANSWER_TIMEOUT_MS): SaveProviderDeps {
  return {
    async write(patch) {
      const doc = await db.providers.findOne(id).exec();
      if (!doc) throw new Error(`Provider ${id} is not on this device`);
      const after = (await doc.incrementalPatch(patch)).toJSON(true);
      return { record: after as ProviderRecord, lwt: after._meta.lwt };
    },
    async awaitServer(written) {
      // A save that changed nothing leaves the record clean: there is nothing to wait for.
      if (!written.record.local_dirty) return { kind: 'answered', record: written.record };
      const sync = useSyncStore.getState();
      if (!sync.online || sync.pauseReason !== null) return { kind: 'pending' };
      return firstValueFrom(
        db.providers.findOne(id).$.pipe(
          // Clean again and newer than the write: the server acknowledged it, or refused it and the record was reset.
          filter((doc) => !doc || (!doc.local_dirty && doc.toJSON(true)._meta.lwt > written.lwt)),
          map((doc): ServerAnswer => ({ kind: 'answered', record: doc ? (doc.toJSON() as ProviderRecord) : null })),
          timeout({ first: timeoutMs, with: () => of<ServerAnswer>({ kind: 'pending' }) }),
        ),
      );
    },
    now: () => new Date().toISOString(),
  };
}
