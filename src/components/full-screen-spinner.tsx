/** What shows while a page's code or the session is loading: a centred spinner over the viewport. */
import { Box, Spinner, Text, VStack } from '@chakra-ui/react';

export interface FullScreenSpinnerProps {
  label?: string;
  /** Overlay the current page (navigation between pages) instead of replacing it. */
  overlay?: boolean;
}

export function FullScreenSpinner({ label = 'Loading…', overlay = false }: FullScreenSpinnerProps) {
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex={overlay ? 'overlay' : 'base'}
      bg={overlay ? 'bg/70' : 'bg.subtle'}
      backdropFilter={overlay ? 'blur(1px)' : undefined}
      display="flex"
      alignItems="center"
      justifyContent="center"
      role="status"
      aria-live="polite"
      data-testid="full-screen-spinner"
    >
      <VStack gap="3">
        <Spinner size="xl" borderWidth="3px" color="brand.solid" css={{ '--spinner-track-color': 'colors.brand.muted' }} />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </VStack>
    </Box>
  );
}
