/**
 * The local stack sends no email: links that GoTrue would mail (invites, confirmations)
 * are printed in the log and kept here, where tests read them through
 * `GET /__stack/mailbox?email=…` (service key only).
 */
export interface MailItem {
  to: string;
  kind: 'invite' | 'confirmation' | 'recovery';
  link: string;
  sentAt: string;
}

export class Mailbox {
  private readonly items: MailItem[] = [];

  constructor(private readonly log: (line: string) => void) {}

  send(item: Omit<MailItem, 'sentAt'>): void {
    const stored = { ...item, sentAt: new Date().toISOString() };
    this.items.push(stored);
    this.log(`Mail (${item.kind}) to ${item.to}: ${item.link}`);
  }

  /** Newest first. */
  list(email?: string): MailItem[] {
    const wanted = email?.toLowerCase();
    return this.items.filter((item) => !wanted || item.to.toLowerCase() === wanted).reverse();
  }
}
