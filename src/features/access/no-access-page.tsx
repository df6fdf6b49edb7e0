/**
 * What a signed-in user without access sees instead of the app (access is granted, never
 * inferred: docs/access-matrix.md): a plain page that says why — a sign-up waiting for an
 * admin's approval, access removed, an account deactivated — with a way to check again
 * and to sign out. When this device still holds changes the server never received, it
 * says so and offers to clear the device; the app wipes it otherwise.
 */
import { Alert, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuClock, LuShieldOff, LuUserX } from 'react-icons/lu';
import { BrandLockup } from '../../components/brand.tsx';
import { ColorModeButton } from '../../components/ui/color-mode.tsx';
import { noAccessText, unsentChangesWarning, type NoAccessLevel } from './access-texts.ts';

export interface NoAccessPageProps {
  level: NoAccessLevel;
  email: string | null;
  /** Changes this device holds that the server never received (0: none). */
  unsentChanges: number;
  checking: boolean;
  clearing: boolean;
  onCheckAgain(): void;
  onClearDevice(): void;
  onSignOut(): void;
}

const ICONS = { pending: LuClock, revoked: LuShieldOff, deactivated: LuUserX } as const;

export function NoAccessPage(props: NoAccessPageProps) {
  const { title, body } = noAccessText(props.level, props.email);
  const Icon = ICONS[props.level];
  return (
    <Flex minH="100dvh" direction="column" bg="bg.subtle" data-testid="no-access-page" data-level={props.level}>
      <Flex justify="space-between" align="center" px={{ base: '5', md: '8' }} py="5">
        <BrandLockup />
        <ColorModeButton />
      </Flex>
      <Flex as="main" flex="1" align="center" justify="center" px={{ base: '5', md: '8' }} pb="16">
        <Box w="full" maxW="lg" bg="bg.panel" borderWidth="1px" rounded="xl" p={{ base: '6', md: '10' }}>
          <Stack gap="5">
            <Box alignSelf="flex-start" color="brand.fg" bg="brand.subtle" rounded="full" p="3" aria-hidden>
              <Icon size="24" />
            </Box>
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            <Text color="fg.muted">{body}</Text>
            {props.unsentChanges > 0 && (
              <Alert.Root status="warning" data-testid="unsent-changes">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>{unsentChangesWarning(props.unsentChanges)}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <HStack gap="3" wrap="wrap">
              <Button variant="outline" loading={props.checking} loadingText="Checking…" onClick={props.onCheckAgain}>
                Check again
              </Button>
              {props.unsentChanges > 0 && (
                <Button colorPalette="red" variant="outline" loading={props.clearing} onClick={props.onClearDevice}>
                  Clear this device
                </Button>
              )}
              <Button colorPalette="brand" onClick={props.onSignOut}>
                Sign out
              </Button>
            </HStack>
          </Stack>
        </Box>
      </Flex>
    </Flex>
  );
}
