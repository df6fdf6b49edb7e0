/**
 * The outbound channels for real: the product's email sender (Resend's API shape) and fax
 * sender (Telnyx's fax API shape) against the stack's mail catcher and fax simulator —
 * every message kept and readable, the providers' errors and statuses, retryable versus
 * final failures, idempotency keys, and the fault switches that fail the next N sends.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCAL_EMAIL_API_KEY, LOCAL_FAX_API_KEY } from '../../supabase/local/config.ts';
import { createEmailSender } from '../../supabase/functions/_shared/notify/email-resend.ts';
import { createFaxSender } from '../../supabase/functions/_shared/notify/fax-telnyx.ts';
import { serviceClient } from '../helpers/clients.ts';
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';

const MAIL = `${SUPABASE_URL}/__simulator/mail`;
const FAX = `${SUPABASE_URL}/__simulator/fax`;
const admin = { Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };
const email = createEmailSender({ apiUrl: MAIL, apiKey: LOCAL_EMAIL_API_KEY, from: 'LabLink Results <results@lablink.test>' });
const fax = createFaxSender({ apiUrl: FAX, apiKey: LOCAL_FAX_API_KEY, connectionId: 'conn-1', from: '+15185550100' });
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type /Page>>endobj\n%%EOF\n');

const address = () => `dr-${randomUUID().slice(0, 8)}@clinic.test`;
const faxNumber = () => `+1518555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const get = async <T>(url: string): Promise<T> => (await (await fetch(url, { headers: admin })).json()) as T;

interface Mail { to: string; recipients: string[]; kind: string; from: string; subject: string; text: string; html: string | null; attachments: Array<{ filename: string; contentType: string; size: number }> }
interface SentFax { id: string; to: string; from: string; status: string; failure_reason: string | null; page_count: number | null; document: { content: string; content_type: string } | null }

describe('email through the mail catcher', () => {
  it('sends to every address of a list, with an attachment, and keeps it readable', async () => {
    const [a, b] = [address(), address()];
    const result = await email.send({ to: [a, b], subject: 'Results for requisition R1', text: 'New results are ready.', html: '<p>New results are ready.</p>', attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: PDF }] });
    expect(result).toMatchObject({ ok: true });
    const [mail] = await get<Mail[]>(`${MAIL}/messages?email=${b}`);
    expect(mail).toMatchObject({ to: `${a}, ${b}`, recipients: [a, b], kind: 'email', from: 'LabLink Results <results@lablink.test>', subject: 'Results for requisition R1', text: 'New results are ready.', html: '<p>New results are ready.</p>' });
    expect(mail?.attachments).toEqual([{ filename: 'report.pdf', contentType: 'application/pdf', size: PDF.length, content: Buffer.from(PDF).toString('base64') }]);
    // The same mailbox the auth mails go to.
    expect((await get<Mail[]>(`${SUPABASE_URL}/__stack/mailbox?email=${a}`))[0]?.subject).toBe('Results for requisition R1');
  });

  it('sends once for a repeated idempotency key', async () => {
    const to = address();
    const key = randomUUID();
    const first = await email.send({ to: [to], subject: 'Once', text: 'x', idempotencyKey: key });
    const second = await email.send({ to: [to], subject: 'Once', text: 'x', idempotencyKey: key });
    expect(first.ok && second.ok && first.providerId === second.providerId).toBe(true);
    expect(await get<Mail[]>(`${MAIL}/messages?email=${to}`)).toHaveLength(1);
  });

  it('fails the next sends when told to, as retryable, then sends', async () => {
    const to = address();
    await fetch(`${MAIL}/faults`, { method: 'POST', headers: admin, body: JSON.stringify({ failNext: 2, status: 503, recipient: to }) });
    expect(await email.send({ to: [to], subject: 'Retry', text: 'x' })).toEqual({ ok: false, retryable: true, status: 503, error: 'Simulated failure (HTTP 503)' });
    expect((await email.send({ to: [to], subject: 'Retry', text: 'x' })).ok).toBe(false);
    expect((await email.send({ to: [to], subject: 'Retry', text: 'x' })).ok).toBe(true);

    const limited = address();
    await fetch(`${MAIL}/faults`, { method: 'POST', headers: admin, body: JSON.stringify({ status: 429, recipient: limited }) });
    expect(await email.send({ to: [limited], subject: 'x', text: 'x' })).toMatchObject({ ok: false, retryable: true, status: 429, error: expect.stringMatching(/^Too many requests/) });
  });

  it('answers as the provider does to a wrong key or a bad address: not retryable', async () => {
    const wrong = createEmailSender({ apiUrl: MAIL, apiKey: 're_wrong', from: 'a@lablink.test' });
    expect(await wrong.send({ to: [address()], subject: 'x', text: 'x' })).toEqual({ ok: false, retryable: false, status: 403, error: 'API key is invalid' });
    const none = await fetch(`${MAIL}/emails`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ statusCode: 401, name: 'missing_api_key' });
    expect(await email.send({ to: ['not-an-address'], subject: 'x', text: 'x' })).toMatchObject({ ok: false, retryable: false, status: 422, error: expect.stringMatching(/^Invalid `to` field/) });
  });

  it('reports an unreachable provider as retryable', async () => {
    const away = createEmailSender({ apiUrl: 'http://127.0.0.1:9', apiKey: 'k', from: 'a@lablink.test' });
    expect(await away.send({ to: [address()], subject: 'x', text: 'x' })).toMatchObject({ ok: false, retryable: true, status: null, error: expect.stringMatching(/^The provider could not be reached/) });
  });
});

describe('fax through the fax simulator', () => {
  async function signedPdf(): Promise<string> {
    const storage = serviceClient().storage;
    const bucket = 'fax-outbox-test';
    await storage.createBucket(bucket);
    const key = `${randomUUID()}.pdf`;
    const up = await storage.from(bucket).upload(key, PDF, { contentType: 'application/pdf' });
    if (up.error) throw up.error;
    const signed = await storage.from(bucket).createSignedUrl(key, 300);
    if (signed.error) throw signed.error;
    return signed.data.signedUrl;
  }

  async function settled(to: string): Promise<SentFax> {
    for (let i = 0; i < 50; i += 1) {
      const [sent] = await get<SentFax[]>(`${FAX}/messages?to=${encodeURIComponent(to)}`);
      if (sent && sent.status !== 'queued') return sent;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`fax to ${to} never left the queue`);
  }

  it('faxes the document at the media URL and keeps it', async () => {
    const to = faxNumber();
    const result = await fax.send({ to, mediaUrl: await signedPdf() });
    expect(result.ok).toBe(true);
    const sent = await settled(to);
    expect(sent).toMatchObject({ to, from: '+15185550100', status: 'delivered', page_count: 1, failure_reason: null });
    expect(Buffer.from(sent.document!.content, 'base64')).toEqual(Buffer.from(PDF));
    const status = await (await fetch(`${FAX}/faxes/${sent.id}`, { headers: { Authorization: `Bearer ${LOCAL_FAX_API_KEY}` } })).json();
    expect(status).toMatchObject({ data: { id: sent.id, status: 'delivered', record_type: 'fax' } });
  });

  it('fails a fax whose document cannot be downloaded', async () => {
    const to = faxNumber();
    expect((await fax.send({ to, mediaUrl: `${SUPABASE_URL}/storage/v1/object/sign/none/x.pdf?token=bad` })).ok).toBe(true);
    expect(await settled(to)).toMatchObject({ status: 'failed', failure_reason: 'media_download_failed: HTTP 400' });
  });

  it('fails the next sends when told to, and refuses bad numbers and keys', async () => {
    const to = faxNumber();
    await fetch(`${FAX}/faults`, { method: 'POST', headers: admin, body: JSON.stringify({ failNext: 1, status: 500, recipient: to }) });
    expect(await fax.send({ to, mediaUrl: 'http://127.0.0.1/x.pdf' })).toEqual({ ok: false, retryable: true, status: 500, error: 'Unexpected error: An unexpected error occured.' });
    expect(await fax.send({ to: '518-555-0143', mediaUrl: 'http://x/y.pdf' })).toEqual({ ok: false, retryable: false, status: null, error: '"518-555-0143" is not a fax number in E.164 form' });
    const wrong = createFaxSender({ apiUrl: FAX, apiKey: 'nope', connectionId: 'c', from: '+15185550100' });
    expect(await wrong.send({ to, mediaUrl: 'http://x/y.pdf' })).toEqual({ ok: false, retryable: false, status: 401, error: 'Authentication failed: Could not understand the provided credentials.' });
    expect((await fetch(`${FAX}/faults`, { method: 'POST', headers: admin, body: JSON.stringify({ status: 200 }) })).status).toBe(400);
  });
});
