import { describe, expect, it } from 'vitest';
import { parseReviewRequest, REVIEW_MESSAGES } from './review-request.ts';

const ID = '6f1c2c1e-2b1a-4c3d-9e8f-0a1b2c3d4e5f';

describe('exclusion-review body', () => {
  it('screens one provider or organization, or decides a possible match', () => {
    expect(parseReviewRequest({ provider_id: ID })).toEqual({ action: 'screen', party: 'provider', id: ID });
    expect(parseReviewRequest({ organization_id: ID })).toEqual({ action: 'screen', party: 'organization', id: ID });
    expect(parseReviewRequest({ alert_id: ID, decision: 'confirm' })).toEqual({ action: 'decide', alertId: ID, decision: 'confirm', reason: null });
    expect(parseReviewRequest({ alert_id: ID, decision: 'dismiss', reason: '  Different date of birth ' })).toEqual({ action: 'decide', alertId: ID, decision: 'dismiss', reason: 'Different date of birth' });
  });

  it('refuses what is not one of those, saying what is wrong', () => {
    expect(parseReviewRequest({})).toBe(REVIEW_MESSAGES.shape);
    expect(parseReviewRequest({ provider_id: ID, alert_id: ID })).toBe(REVIEW_MESSAGES.shape);
    expect(parseReviewRequest({ provider_id: ID, organization_id: ID })).toBe(REVIEW_MESSAGES.shape);
    expect(parseReviewRequest({ provider_id: 'x' })).toBe(REVIEW_MESSAGES.providerId);
    expect(parseReviewRequest({ organization_id: 42 })).toBe('organization_id must be an organization id (a UUID).');
    expect(parseReviewRequest({ alert_id: 'x', decision: 'confirm' })).toBe(REVIEW_MESSAGES.alertId);
    expect(parseReviewRequest({ alert_id: ID, decision: 'maybe' })).toBe(REVIEW_MESSAGES.decision);
  });

  it('a dismissal needs a reason of 3 to 500 characters', () => {
    expect(parseReviewRequest({ alert_id: ID, decision: 'dismiss' })).toBe('Give the reason this is not the provider (3 to 500 characters).');
    expect(parseReviewRequest({ alert_id: ID, decision: 'dismiss', reason: ' no ' })).toBe(REVIEW_MESSAGES.reason);
    expect(parseReviewRequest({ alert_id: ID, decision: 'dismiss', reason: 'x'.repeat(501) })).toBe('The reason must be at most 500 characters.');
  });
});
