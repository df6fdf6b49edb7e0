/**
 * Create an account. The confirmation email leads to /dashboard. Where the server confirms
 * addresses itself (the local stack, like `supabase start`), the user is signed in at once.
 */
import { Alert, Button, HStack, Input, Stack } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { PASSWORD_MIN_LENGTH, signUpSchema, type SignUpValues } from '../auth-schemas.ts';

export function SignUpForm() {
  const signUp = useSessionStore((state) => state.signUp);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: valibotResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ firstName, lastName, email, password }) => {
    const { error, needsConfirmation } = await signUp(email, password, { firstName, lastName });
    if (error) {
      toast({ title: 'Authentication Error', description: error, variant: 'destructive' });
      return;
    }
    if (needsConfirmation) {
      setSentTo(email);
      toast({ title: 'Account Created', description: 'Please check your email to confirm your account.', variant: 'success' });
    } else {
      toast({ title: 'Account Created', description: 'Your account is ready and you are signed in.', variant: 'success' });
    }
  });

  if (sentTo) {
    return (
      <Alert.Root status="success" variant="subtle" rounded="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Check your inbox</Alert.Title>
          <Alert.Description>
            We sent a confirmation link to {sentTo}. Open it to finish creating your account.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <Stack gap="5">
        <HStack gap="4" align="flex-start">
          <Field label="First name" invalid={!!errors.firstName} errorText={errors.firstName?.message}>
            <Input autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field label="Last name" invalid={!!errors.lastName} errorText={errors.lastName?.message}>
            <Input autoComplete="family-name" {...register('lastName')} />
          </Field>
        </HStack>
        <Field label="Work email" invalid={!!errors.email} errorText={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@laboratory.org" {...register('email')} />
        </Field>
        <Field
          label="Password"
          invalid={!!errors.password}
          errorText={errors.password?.message}
          helperText={errors.password ? undefined : `At least ${PASSWORD_MIN_LENGTH} characters.`}
        >
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label="Confirm password" invalid={!!errors.confirmPassword} errorText={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <Button type="submit" size="lg" loading={isSubmitting} loadingText="Creating account…">
          Create account
        </Button>
      </Stack>
    </form>
  );
}
