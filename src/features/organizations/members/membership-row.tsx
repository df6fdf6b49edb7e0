/**
 * One membership in the memberships list: the provider (name, NPI), the organization (name,
 * type), the status, and a row menu to deactivate (confirmed) or reactivate it. The row
 * opens the provider; the menu does not (its clicks and keys stay its own). The action comes from a context, so a
 * keystroke of the search does not touch it.
 */
import { createContext, memo, useContext } from 'react';
import { ListBadge } from '../../../components/list/list-badge.tsx';
import { ListRowFrame, type ListRowProps } from '../../../components/list/list-row.tsx';
import type { MembershipEntry } from '../../../lib/membership/membership-directory.ts';
import { organizationTypeLabel } from '../../../lib/organization/organization-record.ts';
import { RowActions } from '../../../components/row-actions.tsx';

export interface MembershipActions {
  busyId: string | null;
  setActive: (entry: MembershipEntry, active: boolean) => void;
}

export const MembershipActionsContext = createContext<MembershipActions>({ busyId: null, setActive: () => {} });

/** Provider, Organization, Status, action. */
export const MEMBERSHIP_GRID = { base: 'minmax(0, 1fr) minmax(0, 1fr) 84px 40px', lg: 'minmax(0, 1fr) minmax(0, 1.3fr) 96px 48px' } as const;

export const MembershipRow = memo(function MembershipRow({ row, index, top, tabbable, onOpen, onKeyNavigate }: ListRowProps<MembershipEntry>) {
  const { busyId, setActive } = useContext(MembershipActionsContext);
  const active = row.membership.is_active;
  return (
    <ListRowFrame tabbable={tabbable} id={row.id} index={index} top={top} onOpen={onOpen} onKeyNavigate={onKeyNavigate} idAttribute="membership">
      <div role="cell" className="lt-cell">
        <p className="lt-text lt-name">{row.providerName}</p>
        <p className="lt-text lt-small">{row.provider.npi ? `NPI ${row.provider.npi}` : 'No NPI'}</p>
      </div>
      <div role="cell" className="lt-cell">
        <p className="lt-text lt-body">{row.organization.legal_name}</p>
        <p className="lt-text lt-small">
          {organizationTypeLabel(row.organization.type)}
          {row.organization.is_active ? '' : ' · inactive organization'}
        </p>
      </div>
      <div role="cell">
        <ListBadge tone={active ? 'green' : 'gray'}>{active ? 'Active' : 'Inactive'}</ListBadge>
      </div>
      <div role="cell" className="lt-cell lt-end">
        <RowActions
          label={`Actions for ${row.providerName} in ${row.organization.legal_name}`}
          busy={busyId === row.id}
          actions={[
            active
              ? {
                  id: 'deactivate',
                  label: 'Deactivate membership',
                  onSelect: () => setActive(row, false),
                  confirm: {
                    title: `Deactivate ${row.providerName} in ${row.organization.legal_name}?`,
                    text: `${row.providerName} will no longer order under ${row.organization.legal_name}. The membership is kept and can be reactivated.`,
                    confirmLabel: 'Deactivate',
                  },
                }
              : { id: 'reactivate', label: 'Reactivate membership', onSelect: () => setActive(row, true) },
          ]}
        />
      </div>
    </ListRowFrame>
  );
});
