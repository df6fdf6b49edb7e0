// Outbound channels for result distribution: one Sender per channel. See
// docs/integrations.md ("Channels") for the providers and their configuration.
export { createEmailSender, DEFAULT_EMAIL_API_URL, emailOptionsFromEnv, type ResendOptions } from './email-resend.ts';
export { createFaxSender, DEFAULT_FAX_API_URL, faxOptionsFromEnv, toE164, type FaxOptions } from './fax-telnyx.ts';
export type { Attachment, EmailMessage, FaxMessage, Sender, SendResult } from './sender.ts';
