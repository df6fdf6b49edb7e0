/**
 * Toasts: one Chakra toaster for the whole app and the `toast()` helper features call.
 * At most 5 toasts at once (more wait in the queue) and 5000 ms each by default (spec §9).
 * The spec's "removal delay 1,000,000 ms" is a constant of the toast store it was written
 * against (how long a dismissed toast lingers in memory); Chakra's `removeDelay` means how
 * long a dismissed toast stays on screen for its exit animation, so it keeps its default.
 */
import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';

export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;

export const toaster = createToaster({
  placement: 'bottom-end',
  max: TOAST_LIMIT,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

/** `destructive` is the spec's error style; `success` and `warning` add a coloured mark. */
export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning' | 'loading';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
  /** Milliseconds; `Infinity` keeps it until dismissed. */
  duration?: number;
  id?: string;
}

const TYPE_OF: Record<ToastVariant, 'info' | 'error' | 'success' | 'warning' | 'loading'> = {
  default: 'info',
  destructive: 'error',
  success: 'success',
  warning: 'warning',
  loading: 'loading',
};

/** Show a toast; returns its id (for `dismissToast`). */
export function toast({ title, description, variant = 'default', action, duration, id }: ToastInput): string {
  return toaster.create({
    id,
    title,
    description,
    type: TYPE_OF[variant],
    action,
    duration,
    closable: true,
  });
}

export function dismissToast(id?: string): void {
  toaster.dismiss(id);
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {item.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title && <Toast.Title>{item.title}</Toast.Title>}
              {item.description && <Toast.Description>{item.description}</Toast.Description>}
            </Stack>
            {item.action && <Toast.ActionTrigger>{item.action.label}</Toast.ActionTrigger>}
            {item.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
