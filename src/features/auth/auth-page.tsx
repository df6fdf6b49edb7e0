/**
 * /auth, /auth/signin and /auth/signup: one page with a tab for each (the path picks the
 * tab). A signed-in user is sent on: back where the guard stopped them, or onwards.
 */
import { Box, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { redirectAfterSignIn } from './auth-redirect.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { SignInForm } from './components/sign-in-form.tsx';
import { SignUpForm } from './components/sign-up-form.tsx';

type Tab = 'signin' | 'signup';

export function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  const tab: Tab = location.pathname.startsWith('/auth/signup') ? 'signup' : 'signin';

  useEffect(() => {
    void useSessionStore.getState().start();
  }, []);

  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signed-in' || status === 'offline') {
    return <Navigate to={redirectAfterSignIn(location.state, user)} replace />;
  }

  return (
    <AuthLayout>
      <Stack gap="6">
        <Stack gap="1.5">
          <Heading as="h1" size="2xl" letterSpacing="-0.01em">
            {tab === 'signin' ? 'Sign in to LabLink' : 'Create your account'}
          </Heading>
          <Text color="fg.muted">
            {tab === 'signin'
              ? 'Use the email address your laboratory registered for you.'
              : 'Use your work email address. Your administrator grants extra roles.'}
          </Text>
        </Stack>
        <Box bg="bg.panel" borderWidth="1px" rounded="xl" shadow="xs" p={{ base: '5', md: '7' }}>
          <Tabs.Root
            value={tab}
            onValueChange={({ value }) => void navigate(`/auth/${value}`, { replace: true, state: location.state })}
            variant="enclosed"
            fitted
            lazyMount
            unmountOnExit
          >
            <Tabs.List mb="6">
              <Tabs.Trigger value="signin">Sign in</Tabs.Trigger>
              <Tabs.Trigger value="signup">Create account</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="signin" p="0">
              <SignInForm />
            </Tabs.Content>
            <Tabs.Content value="signup" p="0">
              <SignUpForm />
            </Tabs.Content>
          </Tabs.Root>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
