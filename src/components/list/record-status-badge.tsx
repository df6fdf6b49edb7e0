/**
 * A directory record's status (providers, spec §4; organizations, issue 24): Active or
 * Inactive, from is_active; one the OIG exclusion screening found excluded (issue 33) shows
 * Excluded instead, in red, wherever its status shows. Plain markup: see list-badge.css.
 */
import { ListBadge } from './list-badge.tsx';

export function RecordStatusBadge({ isActive, exclusionStatus }: { isActive: boolean | null | undefined; exclusionStatus?: string | null }) {
  if (exclusionStatus === 'excluded') {
    return (
      <ListBadge tone="red" label="Excluded (OIG LEIE)">
        Excluded
      </ListBadge>
    );
  }
  return isActive === false ? <ListBadge tone="gray">Inactive</ListBadge> : <ListBadge tone="green">Active</ListBadge>;
}
