/**
 * The provider lists' saved first page (the shared first-page-snapshot.ts of src/lib/list):
 * only what a row shows, the PECOS evidence reduced to the Medicare ordering answer.
 */
import * as shared from '../../../lib/list/first-page-snapshot.ts';
import { medicareLabOrdering } from '../model/pecos-status.ts';
import { slimNppesData } from '../model/provider-checks.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import type { ListProvider, ListSnapshot } from './provider-list-source.ts';

export { clearFirstPages } from '../../../lib/list/first-page-snapshot.ts';

/** A row reduced to what the list shows, and what its URL filters and the dashboard's figures read (provider-checks.ts). */
export function slimRow(row: ListProvider): Partial<ListProvider> {
  const ordering = medicareLabOrdering(row);
  const nppes = slimNppesData(row.nppes_data);
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    credential: row.credential,
    nickname: row.nickname,
    email: row.email,
    npi: row.npi,
    taxonomy_description: row.taxonomy_description,
    is_active: row.is_active,
    exclusion_status: row.exclusion_status,
    pecos_verified: row.pecos_verified,
    pecos_verification_date: row.pecos_verification_date,
    pecos_verification_data: ordering === 'unknown' ? null : { npi: row.npi, can_order_part_b: ordering === 'yes' },
    ...(nppes === null ? {} : { nppes_data: nppes as ListProvider['nppes_data'] }),
  };
}

/** The saved first page of a list, or null. */
export function readFirstPage(userId: string, scope: ProviderSearchScope): readonly ListProvider[] | null {
  return shared.readFirstPage<ListProvider>(userId, scope);
}

export function saveFirstPage(userId: string, scope: ProviderSearchScope, rows: readonly ListProvider[]): void {
  shared.saveFirstPage(userId, scope, rows, slimRow);
}

/** Saves the list's first page whenever its searchable list is (re)built, a second after the last change. */
export function keepFirstPageSaved(
  userId: string,
  source: { scope: ProviderSearchScope; subscribe(listener: () => void): () => void; getSnapshot(): ListSnapshot },
): () => void {
  return shared.keepFirstPageSaved(userId, source.scope, source, slimRow);
}
