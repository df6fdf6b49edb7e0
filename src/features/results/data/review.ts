/**
 * Reviewing results on the device, offline or not (they sync from the protected database):
 * the ordering provider signs off one or many; anyone else who may see them (a delegate with
 * results permission, staff) marks them seen. The server holds the same rule
 * (private.guard_result) and stamps who and when itself.
 */
import type { LocalDatabase } from '../../../db/index.ts';

export async function signOffResults(db: LocalDatabase, ids: readonly string[], userId: string, myProviderId: string | null): Promise<number> {
  const docs = await db.results.findByIds([...ids]).exec();
  let signed = 0;
  const now = new Date().toISOString();
  for (const doc of docs.values()) {
    if (doc.reviewed_at) continue;
    if (!myProviderId || doc.provider_id !== myProviderId) throw new Error('Only the ordering provider can sign off a result.');
    await doc.incrementalPatch({ reviewed_at: now, reviewed_by: userId, seen_at: doc.seen_at ?? now, seen_by: doc.seen_by ?? userId });
    signed += 1;
  }
  return signed;
}

export async function markResultsSeen(db: LocalDatabase, ids: readonly string[], userId: string): Promise<number> {
  const docs = await db.results.findByIds([...ids]).exec();
  let marked = 0;
  const now = new Date().toISOString();
  for (const doc of docs.values()) {
    if (doc.seen_at) continue;
    await doc.incrementalPatch({ seen_at: now, seen_by: userId });
    marked += 1;
  }
  return marked;
}
