/**
 * One membership in the memberships list: the provider (name, NPI), the organization (name,
 * type), the status, and Deactivate / Reactivate. The row opens the provider; the button
 * does not (its click and keys stay its own). The action comes from a context, so a
 * keystroke of the search does not touch it.
 */
import { Button } from '@chakra-ui/react';
import { createContext, memo, useContext } from 'react';
import { ListBadge } from '../../../components/list/list-badge.tsx';
import { ListRowFrame, type ListRowProps } from '../../../components/list/list-row.tsx';
import type { MembershipEntry } from '../../../lib/membership/membership-directory.ts';
import { organizationTypeLabel } from '../../../lib/organization/organization-record.ts';

export interface MembershipActions {
  busyId: string | null;
  setActive: (entry: MembershipEntry, active: boolean) => void;
}

export const MembershipActionsContext = createContext<MembershipActions>({ busyId: null, setActive: () => {} });

/** Provider, Organization, Status, action. */
export const MEMBERSHIP_GRID = { base: 'minmax(0, 1fr) minmax(0, 1fr) 84px 120px', lg: 'minmax(0, 1fr) minmax(0, 1.3fr) 96px 128px' } as const;

export const MembershipRow = memo(function MembershipRow({ row, index, top, onOpen, onKeyNavigate }: ListRowProps<MembershipEntry>) {
  const { busyId, setActive } = useContext(MembershipActionsContext);
  const active = row.membership.is_active;
  return (
    <ListRowFrame id={row.id} index={index} top={top} onOpen={onOpen} onKeyNavigate={onKeyNavigate} idAttribute="membership">
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
        <Button
          size="xs"
          variant="outline"
          colorPalette={active ? 'red' : undefined}
          loading={busyId === row.id}
          aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${row.providerName} in ${row.organization.legal_name}`}
          onClick={(event) => {
            event.stopPropagation();
            setActive(row, !active);
          }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {active ? 'Deactivate' : 'Reactivate'}
        </Button>
      </div>
    </ListRowFrame>
  );
});
