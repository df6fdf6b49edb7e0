/** A provider's status (spec §4): Active or Inactive, from is_active. Plain markup: see list-badge.css. */
import { ListBadge } from '../../../components/list/list-badge.tsx';
import { providerStatusLabel } from '../model/provider-texts.ts';

export function StatusBadge({ isActive }: { isActive: boolean | null | undefined }) {
  const label = providerStatusLabel(isActive);
  return <ListBadge tone={label === 'Active' ? 'green' : 'gray'}>{label}</ListBadge>;
}
