/**
 * What the patient pages show until the protected data is open in this tab: on the pages
 * of a signed-in session the records open with the key kept for it (a spinner meanwhile:
 * src/db/protected/kept-key.ts); otherwise after the password (the lock screen opens them
 * too). The password unwraps the data key on this device (checked offline); when the device
 * has no key yet, it is checked with a sign-in online, which sets one up. Either way the key
 * is kept for the rest of the session.
 */
import { Box, Button, Card, Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { LuLockKeyhole } from 'react-icons/lu';
import { Alert } from '@chakra-ui/react';
import type { LocalDatabase } from '../../../db/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useLock } from '../../../lib/lock/index.ts';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { currentSessionId } from '../../../stores/session-id.ts';
import { dataLayerNow, loadDataLayer, useProtectedData } from '../data/use-data-layer.ts';
import { PATIENT_TEXT } from '../model/patient-texts.ts';

export function PatientsLoading() {
  return (
    <Center py="24" role="status" aria-live="polite">
      <HStack gap="3" color="fg.muted">
        <Spinner size="md" color="brand.solid" />
        <Text>{PATIENT_TEXT.loading}</Text>
      </HStack>
    </Center>
  );
}

function UnlockForm() {
  const user = useSessionStore(selectKnownUser);
  const signIn = useSessionStore((state) => state.signIn);
  const online = useSyncStore((state) => state.online);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user || password === '') return;
    setBusy(true);
    setError(null);
    try {
      const data = await loadDataLayer();
      const client = import('../../../lib/supabase.ts').then((module) => module.supabase);
      const keepFor = () => {
        const sessionId = currentSessionId();
        return sessionId ? { sessionId } : undefined;
      };
      let outcome = await data.unlockProtectedData(user.id, password, client, { keepFor: keepFor() });
      if (!outcome.ok && outcome.reason === 'not-set-up' && online && user.email) {
        // A sign-in checks the password with the server and sets patient records up (password-verified).
        const answer = await signIn(user.email, password);
        outcome = answer.error ? { ok: false, reason: 'wrong-password' } : await data.unlockProtectedData(user.id, password, client, { trusted: true, keepFor: keepFor() });
      }
      if (outcome.ok) {
        // The password is proven: a device whose lock has no verifier yet (the page that signed in
        // was left before it was made) can now check it offline too.
        void useLock
          .getState()
          .keepIfMissing(user.id, password)
          .catch((error: unknown) => console.error('[patients] the password verifier could not be kept', error));
      } else {
        setError(
          outcome.reason === 'wrong-password'
            ? PATIENT_TEXT.wrongPassword
            : outcome.reason === 'not-set-up'
              ? PATIENT_TEXT.notSetUp
              : outcome.reason === 'previous-password'
                ? PATIENT_TEXT.previousPassword
                : PATIENT_TEXT.unlockFailed,
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center py={{ base: '8', md: '16' }}>
      <Card.Root maxW="md" w="full" variant="outline" bg="bg.panel">
        <Card.Body as="form" onSubmit={(event: FormEvent) => void submit(event)} gap="5">
          <HStack gap="3">
            <Box color="brand.solid" fontSize="2xl" aria-hidden>
              <LuLockKeyhole />
            </Box>
            <Stack gap="1">
              <Text as="h1" fontWeight="semibold" fontSize="lg">
                {PATIENT_TEXT.lockedTitle}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {PATIENT_TEXT.lockedText}
              </Text>
            </Stack>
          </HStack>
          {error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Field label="Password" required>
            <PasswordInput value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" autoFocus />
          </Field>
          <Button type="submit" loading={busy} disabled={password === ''}>
            {PATIENT_TEXT.unlock}
          </Button>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

/** Renders `children` with the open protected database, or the password form while it is locked. */
export function ProtectedGate({ children }: { children: (db: LocalDatabase) => ReactNode }) {
  const state = useProtectedData();
  const userId = useSessionStore((session) => selectKnownUser(session)?.id ?? null);
  if (!state || state.status === 'opening' || state.status === 'resuming') return <PatientsLoading />;
  // The key kept for this session is about to be taken (the local data provider decides once per tab).
  if (state.status === 'locked' && userId && dataLayerNow()?.expectsResume(userId)) return <PatientsLoading />;
  if (state.status === 'locked' || !state.db) return <UnlockForm />;
  return <>{children(state.db)}</>;
}
