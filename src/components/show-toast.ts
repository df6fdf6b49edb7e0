/** Shows a catalogue message (src/lib/functions' ToastMessage, a feature's texts) with the app's toaster. */
import type { ToastMessage } from '../lib/functions/toast-message.ts';
import { toast, type ToastVariant } from './ui/toaster.tsx';

const VARIANT: Readonly<Record<ToastMessage['type'], ToastVariant>> = {
  error: 'destructive',
  success: 'success',
  warning: 'warning',
  info: 'default',
};

export function showToast(message: ToastMessage): void {
  toast({ title: message.title, description: message.description, variant: VARIANT[message.type] });
}
