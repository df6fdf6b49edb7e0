import { describe, expect, it } from 'vitest';
import { inboundSecrets, signInbound, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyInbound } from './inbound-signature.ts';

const BODY = 'MSH|^~\\&|SIMLIS|LAB|LABLINK|CLIENTS|20261126||ORU^R01^ORU_R01|LIS1|P|2.5.1\rPID|1||P-1||Muñoz^José';
const NOW = new Date('2026-11-26T13:00:00Z');
const bytes = (text: string) => new TextEncoder().encode(text);

async function verify(headers: Record<string, string>, body = BODY, secrets = ['current'], now = NOW) {
  return verifyInbound(new Headers(headers), bytes(body), secrets, { now });
}

describe('the signature of the laboratory’s messages', () => {
  it('is an HMAC-SHA-256 of "<timestamp>.<body>" that the receiver accepts', async () => {
    const headers = await signInbound(BODY, ['current'], NOW);
    expect(headers[TIMESTAMP_HEADER]).toBe('1795698000');
    expect(headers[SIGNATURE_HEADER]).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(await verify(headers)).toEqual({ ok: true });
  });

  it('refuses a message without a signature, signed with another secret, or changed on the way', async () => {
    expect(await verify({})).toMatchObject({ ok: false, status: 401, code: 'not_signed' });
    expect(await verify({ 'x-lis-secret': 'current' })).toMatchObject({ ok: false, status: 401, code: 'not_signed' });
    expect(await verify(await signInbound(BODY, ['someone else'], NOW))).toMatchObject({ ok: false, status: 403, code: 'bad_signature' });
    expect(await verify(await signInbound(BODY, ['current'], NOW), BODY.replace('José', 'Jose'))).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses a signature more than five minutes from the server’s clock, either way', async () => {
    const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
    expect(await verify(await signInbound(BODY, ['current'], minutes(-4.9)))).toEqual({ ok: true });
    expect(await verify(await signInbound(BODY, ['current'], minutes(-5.1)))).toMatchObject({ ok: false, status: 401, code: 'stale' });
    expect(await verify(await signInbound(BODY, ['current'], minutes(5.1)))).toMatchObject({ ok: false, status: 401, code: 'stale' });
    expect(await verify({ [TIMESTAMP_HEADER]: 'soon', [SIGNATURE_HEADER]: 'v1=00' })).toMatchObject({ code: 'stale' });
  });

  it('rotates: two secrets are valid at once, and a sender may sign with both', async () => {
    const secrets = inboundSecrets((name) => ({ LIS_INBOUND_SECRETS: ' old , new,old' })[name]);
    expect(secrets).toEqual(['old', 'new']);
    expect(await verify(await signInbound(BODY, ['old'], NOW), BODY, secrets)).toEqual({ ok: true });
    expect(await verify(await signInbound(BODY, ['new'], NOW), BODY, secrets)).toEqual({ ok: true });
    const both = await signInbound(BODY, ['new', 'old'], NOW);
    expect(both[SIGNATURE_HEADER]?.split(',')).toHaveLength(2);
    expect(await verify(both, BODY, ['old'])).toEqual({ ok: true });
    expect(await verify(both, BODY, ['retired'])).toMatchObject({ status: 403 });
    expect(inboundSecrets((name) => ({ LIS_INBOUND_SECRET: 'single' })[name])).toEqual(['single']);
  });
});
