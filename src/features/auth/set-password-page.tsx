/**
 * /auth/set-password: where an invitation link lands. supabase-js signs the invited user
 * in from the link's `#access_token=…&type=invite` fragment; here they choose a password
 * (`auth.updateUser({ password })`) and go on to the welcome page.
 */
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { toast } from '../../components/ui/toaster.tsx';
import type { AuthRedirect } from '../../lib/supabase.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { PASSWORD_MIN_LENGTH, setPasswordSchema, type SetPasswordValues } from './auth-schemas.ts';
import { AuthLayout } from './components/auth-layout.tsx';

function useAuthRedirect(): AuthRedirect | null {
  const [redirect, setRedirect] = useState<AuthRedirect | null>(null);
  useEffect(() => {
    void import('../../lib/supabase.ts').then((module) => setRedirect(module.initialAuthRedirect));
  }, []);
  return redirect;
}

function LinkProblem({ title, message, description, status }: { title: string; message: string; description: string; status: 'error' | 'info' }) {
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Alert.Root status={status} rounded="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{message}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild variant="outline" alignSelf="flex-start">
        <RouterLink to="/auth/signin">Go to sign in</RouterLink>
      </Button>
    </Stack>
  );
}

function SetPasswordForm() {
  const navigate = useNavigate();
  const setPassword = useSessionStore((state) => state.setPassword);
  const email = useSessionStore((state) => state.user?.email);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordValues>({ resolver: valibotResolver(setPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    const { error } = await setPassword(password);
    if (error) {
      toast({ title: 'Authentication Error', description: error, variant: 'destructive' });
      return;
    }
    toast({ title: 'Password Set', description: 'Your password is saved. Use it to sign in from now on.', variant: 'success' });
    await navigate('/welcome', { replace: true });
  });

  return (
    <Stack gap="6">
      <Stack gap="1.5">
        <Heading as="h1" size="2xl" letterSpacing="-0.01em">
          Choose your password
        </Heading>
        <Text color="fg.muted">
          {email ? `You are setting the password for ${email}.` : 'Set a password to finish your account.'}
        </Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label="Set password">
        <Stack gap="5" bg="bg.panel" borderWidth="1px" rounded="xl" shadow="xs" p={{ base: '5', md: '7' }}>
          <Field
            label="New password"
            invalid={!!errors.password}
            errorText={errors.password?.message}
            helperText={errors.password ? undefined : `At least ${PASSWORD_MIN_LENGTH} characters.`}
          >
            <PasswordInput autoComplete="new-password" {...register('password')} />
          </Field>
          <Field label="Confirm password" invalid={!!errors.confirmPassword} errorText={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
          </Field>
          <Button type="submit" size="lg" loading={isSubmitting} loadingText="Saving…">
            Save password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export function SetPasswordPage() {
  const status = useSessionStore((state) => state.status);
  const redirect = useAuthRedirect();

  useEffect(() => {
    void useSessionStore.getState().start();
  }, []);

  if (status === 'loading' || !redirect) return <FullScreenSpinner />;
  let body;
  if (redirect.error) {
    body = (
      <LinkProblem
        status="error"
        title="This link cannot be used"
        message={redirect.error}
        description="Invitation links work once and expire. Ask your administrator to send a new one."
      />
    );
  } else if (status === 'signed-in') {
    body = <SetPasswordForm />;
  } else {
    body = (
      <LinkProblem
        status="info"
        title="Set your password"
        message="Open the invitation link from your email to set your password."
        description="The link signs you in and brings you back to this page."
      />
    );
  }
  return <AuthLayout>{body}</AuthLayout>;
}
