/**
 * One organization in the list: legal name (with its DBA name), type, NPI, account number,
 * city/state, active providers and status (Excluded after a confirmed OIG exclusion); the
 * row opens the manage page. Plain elements
 * with the shared list table's static rules (every visible row re-renders per keystroke);
 * the active-provider counts come from a context, so a keystroke does not touch them.
 */
import { createContext, memo, useContext } from 'react';
import { ListBadge } from '../../../components/list/list-badge.tsx';
import { RecordStatusBadge } from '../../../components/list/record-status-badge.tsx';
import { ListRowFrame, type ListRowProps } from '../../../components/list/list-row.tsx';
import { organizationSubtitle, organizationTypeLabel } from '../../../lib/organization/organization-record.ts';
import type { ListOrganization } from '../data/organization-list-definition.ts';

/**
 * Active providers per organization, or null while the device's copy is still downloading
 * (the memberships counted so far would read as a lie: "0" for an organization with many).
 */
export const MemberCountsContext = createContext<ReadonlyMap<string, number> | null>(new Map());

/** Organization, Type, NPI (lg), Account, City/State (lg), Active providers, Status. */
export const ORGANIZATION_GRID = {
  // On a tablet "Active providers" needs its two lines' width (92px), never "ACTIVE PR…".
  base: 'minmax(0, 1fr) 112px 84px 92px 76px',
  lg: 'minmax(0, 2fr) 124px 108px 92px minmax(0, 1fr) 96px 84px',
} as const;

const TYPE_TONES = { healthcare: 'blue', sole_proprietor: 'purple', non_healthcare: 'orange' } as const;

export const OrganizationRow = memo(function OrganizationRow({ row, index, top, tabbable, onOpen, onKeyNavigate }: ListRowProps<ListOrganization>) {
  const counts = useContext(MemberCountsContext);
  const subtitle = organizationSubtitle(row);
  const place = row.city && row.state ? `${row.city}, ${row.state}` : null;
  return (
    <ListRowFrame tabbable={tabbable} id={row.id} index={index} top={top} onOpen={onOpen} onKeyNavigate={onKeyNavigate} idAttribute="organization">
      <div role="cell" className="lt-cell">
        <p className="lt-text lt-name">{row.legal_name}</p>
        <p className="lt-text lt-small">{[subtitle, place].filter(Boolean).join(' · ') || '—'}</p>
      </div>
      <div role="cell">
        <ListBadge tone={TYPE_TONES[row.type as keyof typeof TYPE_TONES] ?? 'gray'}>{organizationTypeLabel(row.type)}</ListBadge>
      </div>
      <div role="cell" className="lt-cell lt-from-lg">
        {row.npi ? <p className="lt-mono">{row.npi}</p> : <p className="lt-none" aria-label="No NPI">—</p>}
      </div>
      <div role="cell" className="lt-cell">
        <p className="lt-mono">{row.account_number ?? '—'}</p>
      </div>
      <div role="cell" className="lt-cell lt-from-lg">
        <p className={place ? 'lt-text lt-body' : 'lt-text lt-body lt-none'}>{place ?? '—'}</p>
      </div>
      <div role="cell" className="lt-cell lt-end">
        {counts ? <p className="lt-body">{counts.get(row.id) ?? 0}</p> : <p className="lt-none" aria-label="Counted once this device has its copy">—</p>}
      </div>
      <div role="cell">
        <RecordStatusBadge isActive={row.is_active} exclusionStatus={row.exclusion_status} />
      </div>
    </ListRowFrame>
  );
});
