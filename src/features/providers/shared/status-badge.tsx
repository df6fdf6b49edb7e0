/** A provider's status (spec §4): Active or Inactive, from is_active. */
import { Badge } from '@chakra-ui/react';
import { providerStatusLabel } from '../model/provider-texts.ts';

export function StatusBadge({ isActive }: { isActive: boolean | null | undefined }) {
  const label = providerStatusLabel(isActive);
  return (
    <Badge variant="subtle" colorPalette={label === 'Active' ? 'green' : 'gray'} size="sm">
      {label}
    </Badge>
  );
}
