/**
 * The exclusion-review calls (staff, issue 33): screen one provider or organization against
 * the OIG exclusion list now, or decide a possible (name) match from its alert. They need the
 * server (it holds the list), so they run online; what they change reaches every device
 * through sync (the record's screening fields and the alerts).
 */
import { failure, invokeFunction, type FunctionCallResult, type FunctionsInvoker } from './invoke.ts';

export type ExclusionStatus = 'clear' | 'possible' | 'excluded';

/** What is screened: `{ provider_id }` or `{ organization_id }`. */
export type ScreenTarget = { provider_id: string } | { organization_id: string };

export interface ScreenAnswer {
  provider_id?: string;
  organization_id?: string;
  status: ExclusionStatus;
  screened_at: string;
  list_date: string;
  raised: number;
  cleared: number;
  /** Why the list could not be refreshed (the screening used the list already loaded). */
  list_error: string | null;
}

export interface DecideAnswer {
  decision: 'confirm' | 'dismiss';
  provider_id?: string;
  organization_id?: string;
  status: ExclusionStatus;
}

const STATUSES = new Set(['clear', 'possible', 'excluded']);

export async function screenRecord(invoker: FunctionsInvoker, target: ScreenTarget): Promise<FunctionCallResult<ScreenAnswer>> {
  const answer = await invokeFunction(invoker, 'exclusion-review', target);
  if (!answer.ok) return answer;
  const data = answer.data as Partial<ScreenAnswer> | null;
  if (!data || !STATUSES.has(data.status as string) || typeof data.screened_at !== 'string') {
    return failure('permanent', 200, null, 'The exclusion-review function answered without a screening.');
  }
  return { ok: true, data: { list_error: null, ...data } as ScreenAnswer };
}

export async function decideExclusion(invoker: FunctionsInvoker, alertId: string, decision: 'confirm' | 'dismiss', reason: string): Promise<FunctionCallResult<DecideAnswer>> {
  const answer = await invokeFunction(invoker, 'exclusion-review', { alert_id: alertId, decision, ...(reason.trim() ? { reason: reason.trim() } : {}) });
  if (!answer.ok) return answer;
  const data = answer.data as Partial<DecideAnswer> | null;
  if (!data || !STATUSES.has(data.status as string)) return failure('permanent', 200, null, 'The exclusion-review function answered without a decision.');
  return { ok: true, data: data as DecideAnswer };
}
