import type { MailMessage } from '../../mail/mailer.js';
import { mailMessage } from '../../mail/templates/index.js';

/** The landing page of the link (the web app's /user-email-verification page). */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/user-email-verification?token=${encodeURIComponent(token)}`;
}

/** The message with the verification link (mail/templates), in the user's language when given. */
export function verificationMessage(input: {
  to: string;
  name: string | null;
  link: string;
  change: boolean;
  validHours: number;
  language?: string | null;
}): MailMessage {
  const { language, ...params } = input;
  return mailMessage('verification', input.to, language, params);
}
