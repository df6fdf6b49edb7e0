/**
 * The lock screen (issue 25): all that shows while the app is locked — the user's name, the
 * password field and sign-out. The password is checked against the verifier on this device
 * (offline too); a device without one asks the server. After five wrong passwords only
 * sign-out remains, with the unsynced-changes warning sign-out always has.
 */
import { Alert, Avatar, Box, Button, Card, Center, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LuLockKeyhole } from 'react-icons/lu';
import { BrandLockup } from '../../components/brand.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { useLock, type OnlineCheck } from '../../lib/lock/index.ts';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { displayName } from '../layouts/display-name.ts';
import { useSignOut } from '../layouts/sign-out-dialog.tsx';
import { LOCK_TEXT, wrongPasswordText } from './lock-texts.ts';

/** GoTrue's answer to a wrong password at sign-in. */
const INVALID_CREDENTIALS = 'Invalid login credentials';

/** A device without a verifier yet: a sign-in checks the password (null when it cannot be asked). */
function onlineCheck(email: string | undefined): OnlineCheck {
  return async (password) => {
    if (!email || (typeof navigator !== 'undefined' && navigator.onLine === false)) return null;
    const { error } = await useSessionStore.getState().signIn(email, password);
    if (!error) return true;
    return error === INVALID_CREDENTIALS ? false : null;
  };
}

export function LockScreen() {
  const user = useSessionStore(selectKnownUser);
  const failures = useLock((state) => state.failures);
  const exhausted = useLock((state) => state.exhausted);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { requestSignOut, dialog } = useSignOut();
  const name = displayName(user?.user_metadata, user?.email);

  // Five wrong passwords: the user is signed out (warned first when changes wait to sync).
  useEffect(() => {
    if (exhausted) requestSignOut();
    // requestSignOut is a new function each render; sign out once, when the store says so.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [exhausted]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === '' || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await useLock.getState().unlock(password, onlineCheck(user?.email));
      setPassword('');
      if (result === 'wrong') setError(wrongPasswordText(useLock.getState().failures));
      else if (result === 'cannot-check') setError(LOCK_TEXT.cannotCheck);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center
      position="fixed"
      inset="0"
      zIndex="max"
      bg="bg.subtle"
      px="4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      data-testid="lock-screen"
    >
      <Card.Root maxW="md" w="full" variant="outline" bg="bg.panel">
        <Card.Body as="form" onSubmit={(event: FormEvent) => void submit(event)} gap="5">
          <BrandLockup />
          <HStack gap="3">
            <Box color="brand.solid" fontSize="2xl" aria-hidden>
              <LuLockKeyhole />
            </Box>
            <Stack gap="1">
              <Text as="h1" id="lock-title" fontWeight="semibold" fontSize="lg">
                {LOCK_TEXT.title}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {LOCK_TEXT.explanation}
              </Text>
            </Stack>
          </HStack>
          <HStack gap="3">
            <Avatar.Root size="sm" colorPalette="brand">
              <Avatar.Fallback name={name} />
            </Avatar.Root>
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate data-testid="lock-user-name">
                {name}
              </Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                {user?.email}
              </Text>
            </Stack>
          </HStack>
          {(error || exhausted) && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{exhausted ? LOCK_TEXT.exhausted : error}</Alert.Title>
            </Alert.Root>
          )}
          {!exhausted && (
            <Field label="Password" required>
              <PasswordInput
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
                autoFocus
              />
            </Field>
          )}
          <Text fontSize="sm" color="fg.muted">
            {LOCK_TEXT.pendingSync}
          </Text>
          <HStack justify="space-between" gap="3">
            <Button variant="ghost" onClick={requestSignOut}>
              {LOCK_TEXT.signOut}
            </Button>
            {!exhausted && (
              <Button type="submit" loading={busy} loadingText={LOCK_TEXT.unlocking} disabled={password === ''}>
                {LOCK_TEXT.unlock}
              </Button>
            )}
          </HStack>
          {failures > 0 && !exhausted && !error && <Text srOnly>{wrongPasswordText(failures)}</Text>}
        </Card.Body>
      </Card.Root>
      {dialog}
    </Center>
  );
}
