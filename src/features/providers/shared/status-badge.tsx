/** A provider's status (spec §4): Active or Inactive, from is_active. Plain markup: see provider-cells.css. */
import { providerStatusLabel } from '../model/provider-texts.ts';
import './provider-cells.css';

export function StatusBadge({ isActive }: { isActive: boolean | null | undefined }) {
  const label = providerStatusLabel(isActive);
  return (
    <span className="pd-badge" data-tone={label === 'Active' ? 'green' : 'gray'}>
      {label}
    </span>
  );
}
