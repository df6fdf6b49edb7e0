/**
 * A provider's status (spec §4): Active or Inactive, from is_active; a provider the OIG
 * exclusion screening found excluded (issue 33) shows Excluded instead, in red, wherever
 * its status shows. Plain markup: see list-badge.css.
 */
import { ListBadge } from '../../../components/list/list-badge.tsx';
import { providerStatusLabel } from '../model/provider-texts.ts';

export function StatusBadge({ isActive, exclusionStatus }: { isActive: boolean | null | undefined; exclusionStatus?: string | null }) {
  if (exclusionStatus === 'excluded') {
    return (
      <ListBadge tone="red" label="Excluded (OIG LEIE)">
        Excluded
      </ListBadge>
    );
  }
  const label = providerStatusLabel(isActive);
  return <ListBadge tone={label === 'Active' ? 'green' : 'gray'}>{label}</ListBadge>;
}
