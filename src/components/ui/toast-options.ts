/** The toast API's options and limits, shared by toaster.tsx and the lazily loaded view. */
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;

/** `destructive` is the spec's error style; `success` and `warning` add a coloured mark. */
export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning' | 'loading';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
  /** Milliseconds; `Infinity` keeps it until dismissed. Default 5000. */
  duration?: number;
  id?: string;
}
