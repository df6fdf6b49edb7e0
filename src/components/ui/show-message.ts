/** Shows a catalogue message (a ToastMessage of src/lib) with the app's toaster. */
import type { ToastMessage } from '../../lib/functions/toast-message.ts';
import { toast, type ToastVariant } from './toaster.tsx';

const VARIANT: Readonly<Record<ToastMessage['type'], ToastVariant>> = {
  error: 'destructive',
  success: 'success',
  warning: 'warning',
  info: 'default',
};

export function showMessage(message: ToastMessage): void {
  toast({ title: message.title, description: message.description, variant: VARIANT[message.type] });
}
