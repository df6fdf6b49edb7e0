// The body of exclusion-review, checked (pure): screen one provider or organization now
// ({provider_id} or {organization_id}), or decide a possible match from its alert
// ({alert_id, decision: 'confirm' | 'dismiss', reason}); dismissing needs the reason a
// person gives.
import type { PartyKind } from './screening-plan.ts';

export type ReviewRequest =
  | { action: 'screen'; party: PartyKind; id: string }
  | { action: 'decide'; alertId: string; decision: 'confirm' | 'dismiss'; reason: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const REVIEW_MESSAGES = {
  shape: 'Give either provider_id or organization_id (screen it now), or alert_id with a decision.',
  providerId: 'provider_id must be a provider id (a UUID).',
  organizationId: 'organization_id must be an organization id (a UUID).',
  alertId: 'alert_id must be an alert id (a UUID).',
  decision: "decision must be 'confirm' or 'dismiss'.",
  reason: 'Give the reason this is not the provider (3 to 500 characters).',
  reasonLength: 'The reason must be at most 500 characters.',
} as const;

export function parseReviewRequest(body: Record<string, unknown>): ReviewRequest | string {
  const given = (['provider_id', 'organization_id', 'alert_id'] as const).filter((key) => body[key] !== undefined);
  if (given.length !== 1) return REVIEW_MESSAGES.shape;
  if (given[0] === 'provider_id') {
    return typeof body.provider_id === 'string' && UUID.test(body.provider_id) ? { action: 'screen', party: 'provider', id: body.provider_id } : REVIEW_MESSAGES.providerId;
  }
  if (given[0] === 'organization_id') {
    return typeof body.organization_id === 'string' && UUID.test(body.organization_id) ? { action: 'screen', party: 'organization', id: body.organization_id } : REVIEW_MESSAGES.organizationId;
  }
  if (typeof body.alert_id !== 'string' || !UUID.test(body.alert_id)) return REVIEW_MESSAGES.alertId;
  if (body.decision !== 'confirm' && body.decision !== 'dismiss') return REVIEW_MESSAGES.decision;
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (body.reason !== undefined && body.reason !== null && typeof body.reason !== 'string') return REVIEW_MESSAGES.reason;
  if (reason.length > 500) return REVIEW_MESSAGES.reasonLength;
  if (body.decision === 'dismiss' && reason.length < 3) return REVIEW_MESSAGES.reason;
  return { action: 'decide', alertId: body.alert_id, decision: body.decision, reason: reason || null };
}
