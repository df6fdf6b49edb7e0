/**
 * The two calls of a bulk import row: its NPPES lookup through verify-npi (the same call
 * the add-provider lookup makes) and its creation through the add-provider flow's create
 * sequence (`saveNewProvider`: provider, membership, preferences, written locally and
 * synced). The ids were chosen when the file was read, so a save that a reload or a crash
 * interrupted is recognised on resume instead of being made twice.
 */
import * as v from 'valibot';
import { type LocalDatabase } from '../../../db/index.ts';
import { verifyNpi, type FunctionsInvoker } from '../../../lib/functions/index.ts';
import { createProviderSchema } from '../../../lib/provider-create/create-provider-schema.ts';
import { prefillFromVerification } from '../../../lib/provider-create/prefill.ts';
import { saveNewProvider } from '../../../lib/provider-create/save-new-provider.ts';
import { IMPORT_TEXTS, organizationOf, type ImportJob, type JobRow, type LookupAnswer } from '../model/import-job.ts';

/** The answer, or 'retry' when the registry or the network failed for now (the row stays pending). */
export async function lookUpRow(invoker: FunctionsInvoker, row: JobRow): Promise<LookupAnswer | 'retry'> {
  const answer = await verifyNpi(invoker, { npi: row.npi, type: 'individual' });
  if (answer.ok) return { kind: 'verified', result: answer.data };
  if (answer.kind === 'transient') return 'retry';
  return { kind: 'refused', message: answer.message };
}

export async function createRow(db: LocalDatabase, job: ImportJob, row: JobRow, userId: string | null): Promise<JobRow> {
  const existing = await db.providers.findOne(row.ids.provider).exec();
  if (existing) return { ...row, status: 'created' };
  const organization = organizationOf(job, row);
  if (!organization) return { ...row, status: 'failed', message: IMPORT_TEXTS.noOrganization };
  const prefilled = prefillFromVerification(row.verification).values;
  const parsed = v.safeParse(createProviderSchema, {
    ...prefilled,
    email: row.email ?? '',
    phone: row.phone ?? prefilled.phone,
    organization_id: organization,
  });
  if (!parsed.success) return { ...row, status: 'failed', message: parsed.issues[0].message };
  const ids = [row.ids.provider, row.ids.membership, row.ids.preferences];
  const clock = { now: () => new Date().toISOString(), newId: () => ids.shift() ?? crypto.randomUUID() };
  const outcome = await saveNewProvider(db, { values: parsed.output, providerType: 'individual', verification: row.verification, userId }, clock);
  return outcome.ok ? { ...row, status: 'created' } : { ...row, status: 'failed', message: outcome.toast.description };
}
