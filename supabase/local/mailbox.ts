/**
 * The local stack's one mail catcher. It sends no email: what GoTrue would mail (invite and
 * confirmation links) and what the product sends through the email API (results, critical
 * value notices; channels/mail-api.ts) are kept here, newest first, and read by tests and
 * developers through `GET /__stack/mailbox?email=…` or `GET /__simulator/mail/messages?email=…`
 * (service key only). An API email to several recipients is one item listing them all.
 */
import { randomUUID } from 'node:crypto';

export type MailKind = 'invite' | 'confirmation' | 'recovery' | 'email';

export interface MailAttachment {
  filename: string;
  contentType: string | null;
  size: number;
  /** Base64, as the API received it. */
  content: string;
}

export interface MailItem {
  id: string;
  /** The To header: every recipient, joined by ", ". */
  to: string;
  recipients: string[];
  kind: MailKind;
  /** Auth mails: the one-time link. */
  link: string | null;
  from: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  attachments: MailAttachment[];
  /** The Idempotency-Key the sender gave, if any. */
  idempotencyKey: string | null;
  sentAt: string;
}

export interface ApiMail {
  from: string;
  recipients: string[];
  subject: string;
  text: string | null;
  html: string | null;
  attachments: MailAttachment[];
  idempotencyKey: string | null;
}

export class Mailbox {
  private readonly items: MailItem[] = [];

  constructor(private readonly log: (line: string) => void) {}

  /** An auth mail (GoTrue's invite, confirmation or recovery link). */
  send(item: { to: string; kind: Exclude<MailKind, 'email'>; link: string }): void {
    this.items.push({
      id: randomUUID(),
      to: item.to,
      recipients: [item.to],
      kind: item.kind,
      link: item.link,
      from: null,
      subject: null,
      text: null,
      html: null,
      attachments: [],
      idempotencyKey: null,
      sentAt: new Date().toISOString(),
    });
    this.log(`Mail (${item.kind}) to ${item.to}: ${item.link}`);
  }

  /** An email the product sent through the email API; a repeated Idempotency-Key returns the first. */
  receive(mail: ApiMail): MailItem {
    const earlier = mail.idempotencyKey ? this.items.find((item) => item.idempotencyKey === mail.idempotencyKey) : undefined;
    if (earlier) return earlier;
    const item: MailItem = { id: randomUUID(), to: mail.recipients.join(', '), kind: 'email', link: null, sentAt: new Date().toISOString(), ...mail };
    this.items.push(item);
    this.log(`Mail "${mail.subject}" to ${item.to}`);
    return item;
  }

  /** Newest first; with `email`, only mails to that address. */
  list(email?: string): MailItem[] {
    const wanted = email?.toLowerCase();
    return this.items.filter((item) => !wanted || item.recipients.some((r) => r.toLowerCase() === wanted)).reverse();
  }
}
