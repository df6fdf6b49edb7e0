/** Who covers a patient's tests, and how the pages name each payer type. */
export const PAYER_TYPES = ['medicare', 'medicaid', 'commercial', 'self_pay'] as const;
export type PayerType = (typeof PAYER_TYPES)[number];
export const PAYER_TYPE_LABELS: Record<PayerType, string> = {
  medicare: 'Medicare',
  medicaid: 'Medicaid',
  commercial: 'Commercial insurance',
  self_pay: 'Self-pay',
};

/** A payer type as a person reads it; an unknown one as it is. */
export function payerTypeLabel(type: string): string {
  return PAYER_TYPE_LABELS[type as PayerType] ?? type;
}
