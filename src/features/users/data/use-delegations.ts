/**
 * The providers an account may act for (its active delegate approvals), with the
 * providers' names, live from the local database.
 */
import { map, of, switchMap } from 'rxjs';
import { useLiveQuery, type Live } from '../../../lib/local-data/use-live-query.ts';
import { providerDisplayName } from '../../../lib/provider/provider-name.ts';

export interface Delegation {
  id: string;
  providerId: string;
  providerName: string;
  approvalType: string;
  canViewVip: boolean;
}

export function useDelegations(userId: string): Live<Delegation[]> {
  return useLiveQuery(
    `delegations:${userId}`,
    (db) =>
      db.delegates.find({ selector: { delegate_id: userId, is_active: true } }).$.pipe(
        map((docs) => docs.map((doc) => doc.toJSON())),
        switchMap((approvals) => {
          if (approvals.length === 0) return of([]);
          return db.providers.findByIds(approvals.map((approval) => approval.provider_id)).$.pipe(
            map((providers) =>
              approvals
                .map((approval) => {
                  const provider = providers.get(approval.provider_id);
                  return {
                    id: approval.id,
                    providerId: approval.provider_id,
                    providerName: provider ? providerDisplayName(provider.toJSON()) : 'A provider not on this device',
                    approvalType: approval.approval_type,
                    canViewVip: approval.can_view_vip_patients,
                  };
                })
                .sort((a, b) => a.providerName.localeCompare(b.providerName)),
            ),
          );
        }),
      ),
    'the delegations',
  );
}
