/** What a list shows instead of rows while it loads, or when loading it failed (with a retry). */
import { Box, Button, Spinner, Text, VStack } from '@chakra-ui/react';
import { LuRefreshCw, LuTriangleAlert } from 'react-icons/lu';

export function ListLoading({ label, testId }: { label: string; testId: string }) {
  return (
    <Box borderWidth="1px" rounded="lg" bg="bg.panel" py="16" role="status" aria-live="polite" data-testid={testId}>
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </VStack>
    </Box>
  );
}

export function ListFailed({ message, onRetry, testId }: { message: string; onRetry: () => void; testId: string }) {
  return (
    <Box borderWidth="1px" borderColor="border.error" rounded="lg" bg="bg.panel" py="12" px="6" role="alert" data-testid={testId}>
      <VStack gap="3" textAlign="center">
        <Box color="fg.error" aria-hidden>
          <LuTriangleAlert size="28" />
        </Box>
        <Text fontWeight="medium">{message}</Text>
        <Button size="sm" variant="outline" onClick={onRetry}>
          <LuRefreshCw aria-hidden /> Try again
        </Button>
      </VStack>
    </Box>
  );
}
