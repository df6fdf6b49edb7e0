/**
 * The line under a list's search that says which URL filters narrow it ("Showing only: Not
 * enrolled in PECOS"), with a link that clears them: a list opened from a dashboard figure
 * tells the user why it is shorter than the whole directory.
 */
import { Button, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuX } from 'react-icons/lu';

export function ActiveFilters({ labels, clearTo }: { labels: readonly string[]; clearTo: string }) {
  if (labels.length === 0) return null;
  return (
    <HStack mt="3" gap="2" wrap="wrap" data-testid="active-filters">
      <Text fontSize="sm" color="fg.muted">
        Showing only:
      </Text>
      <Text fontSize="sm" fontWeight="medium">
        {labels.join(' · ')}
      </Text>
      <Button asChild size="xs" variant="ghost">
        <RouterLink to={clearTo} replace>
          <LuX aria-hidden /> Clear filter
        </RouterLink>
      </Button>
    </HStack>
  );
}
