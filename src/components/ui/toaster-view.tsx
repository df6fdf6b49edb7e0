/**
 * The toaster itself (Chakra's `createToaster` and its view). Loaded on demand by
 * toaster.tsx, so the landing page's first paint does not wait for it. At most 5 toasts at
 * once (more wait in the queue), 5000 ms each by default (spec §9). The spec's "removal
 * delay 1,000,000 ms" is a constant of the toast store it was written against (how long a
 * dismissed toast lingers in memory); Chakra's `removeDelay` is how long a dismissed toast
 * stays on screen for its exit animation, so it keeps its default.
 */
import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, type ToastInput, type ToastVariant } from './toast-options.ts';

export const toaster = createToaster({
  placement: 'bottom-end',
  max: TOAST_LIMIT,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

const TYPE_OF: Record<ToastVariant, 'info' | 'error' | 'success' | 'warning' | 'loading'> = {
  default: 'info',
  destructive: 'error',
  success: 'success',
  warning: 'warning',
  loading: 'loading',
};

let markMounted: () => void = () => {};
/** Resolves once the view is on screen: toasts created earlier wait for it. */
export const viewMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function createToast({ title, description, variant = 'default', action, duration, id }: ToastInput & { id: string }): void {
  toaster.create({ id, title, description, type: TYPE_OF[variant], action, duration, closable: true });
}

export function ToasterView() {
  useEffect(() => markMounted(), []);
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
