/** Shows a catalogue message (model/, src/lib/functions) with the app's toaster. */
import { toast, type ToastVariant } from '../../../components/ui/toaster.tsx';
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';

const VARIANT: Readonly<Record<ToastMessage['type'], ToastVariant>> = {
  error: 'destructive',
  success: 'success',
  warning: 'warning',
  info: 'default',
};

export function showToast(message: ToastMessage): void {
  toast({ title: message.title, description: message.description, variant: VARIANT[message.type] });
}
