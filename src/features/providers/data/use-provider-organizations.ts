/**
 * The organizations a provider belongs to, for the manage page's Organizations section:
 * the active memberships joined with their organizations (legal name and type, spec §3),
 * plus the provider's default organization, live from the local database.
 */
import { useEffect, useState } from 'react';
import { map, switchMap } from 'rxjs';
import type { OrganizationDoc } from '../../../db/index.ts';
import { useLocalDatabase } from './use-local-database.ts';

export interface ProviderOrganization {
  id: string;
  legalName: string;
  type: string;
  isActive: boolean;
  /** The provider's default organization. */
  isDefault: boolean;
  /** Member since (the membership's created_at); null for a default organization without a membership. */
  since: string | null;
}

export type OrganizationsLoad =
  | { status: 'loading' }
  | { status: 'ready'; organizations: ProviderOrganization[] }
  | { status: 'error'; error: unknown };

export function joinOrganizations(
  memberships: ReadonlyArray<{ organization_id: string; is_active: boolean; created_at: string }>,
  organizations: ReadonlyMap<string, Pick<OrganizationDoc, 'id' | 'legal_name' | 'type' | 'is_active'>>,
  defaultOrganizationId: string | null,
): ProviderOrganization[] {
  const rows = new Map<string, ProviderOrganization>();
  for (const membership of memberships) {
    if (!membership.is_active || rows.has(membership.organization_id)) continue;
    const organization = organizations.get(membership.organization_id);
    if (!organization) continue;
    rows.set(organization.id, {
      id: organization.id,
      legalName: organization.legal_name,
      type: organization.type,
      isActive: organization.is_active,
      isDefault: organization.id === defaultOrganizationId,
      since: membership.created_at,
    });
  }
  const fallback = defaultOrganizationId ? organizations.get(defaultOrganizationId) : undefined;
  if (fallback && !rows.has(fallback.id)) {
    rows.set(fallback.id, {
      id: fallback.id,
      legalName: fallback.legal_name,
      type: fallback.type,
      isActive: fallback.is_active,
      isDefault: true,
      since: null,
    });
  }
  return [...rows.values()].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.legalName.localeCompare(b.legalName));
}

export function useProviderOrganizations(providerId: string, defaultOrganizationId: string | null): OrganizationsLoad {
  const db = useLocalDatabase();
  const [load, setLoad] = useState<{ key: string; value: OrganizationsLoad } | null>(null);
  const key = `${providerId}:${defaultOrganizationId ?? ''}`;

  useEffect(() => {
    if (!db) return undefined;
    const subscription = db.memberships
      .find({ selector: { provider_id: providerId } })
      .$.pipe(
        switchMap((docs) => {
          const memberships = docs.map((doc) => doc.toJSON());
          const ids = [...new Set([...memberships.map((m) => m.organization_id), ...(defaultOrganizationId ? [defaultOrganizationId] : [])])];
          return db.organizations.findByIds(ids).$.pipe(
            map((found) => {
              const organizations = new Map([...found.values()].map((doc) => [doc.id, doc.toJSON()] as const));
              return joinOrganizations(memberships, organizations, defaultOrganizationId);
            }),
          );
        }),
      )
      .subscribe({
        next: (organizations) => setLoad({ key, value: { status: 'ready', organizations } }),
        error: (error: unknown) => {
          console.error('[providers] loading the provider organizations failed', error);
          setLoad({ key, value: { status: 'error', error } });
        },
      });
    return () => subscription.unsubscribe();
  }, [db, providerId, defaultOrganizationId, key]);

  return load && load.key === key ? load.value : { status: 'loading' };
}
