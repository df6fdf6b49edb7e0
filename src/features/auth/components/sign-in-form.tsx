/** Sign in with email and password (spec §7), with the spec's toasts on success and failure. */
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { signInSchema, type SignInValues } from '../auth-schemas.ts';

export function SignInForm() {
  const signIn = useSessionStore((state) => state.signIn);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: valibotResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const { error } = await signIn(email, password);
    if (error) {
      toast({ title: 'Authentication Error', description: error, variant: 'destructive' });
      return;
    }
    // The page redirects as soon as the session store has the user.
    toast({ title: 'Welcome back!', description: 'You have successfully signed in.', variant: 'success' });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="5">
        <Field label="Email" invalid={!!errors.email} errorText={errors.email?.message}>
          <Input type="email" autoComplete="username" placeholder="you@laboratory.org" {...register('email')} />
        </Field>
        <Field label="Password" invalid={!!errors.password} errorText={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </Field>
        <Button type="submit" size="lg" loading={isSubmitting} loadingText="Signing in…">
          Sign in
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          Forgot your password? Your administrator can send you a new invitation link.
        </Text>
      </Stack>
    </form>
  );
}
