import { Text } from '@chakra-ui/react';

/** The compendium has not reached this device yet (a first start, or offline since sign-in). */
export function NotOnDevice({ refreshing, error }: { refreshing: boolean; error: string | null }) {
  return (
    <Text color="fg.muted" data-testid="compendium-empty">
      {refreshing
        ? 'Downloading the compendium to this device…'
        : error
          ? `The compendium is not on this device yet: ${error}`
          : 'The compendium is not on this device yet: it downloads when the app starts online.'}
    </Text>
  );
}
