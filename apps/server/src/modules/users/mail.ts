import type { MailMessage } from '../../mail/mailer.js';

/** The landing page of the link (the web app's /user-email-verification page). */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/user-email-verification?token=${encodeURIComponent(token)}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The message with the verification link: plain text, and the same as simple HTML. */
export function verificationMessage(input: {
  to: string;
  name: string | null;
  link: string;
  change: boolean;
  validHours: number;
}): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const why = input.change
    ? `you asked to use ${input.to} as your e-mail address in Emblem. It takes effect when you open this link:`
    : `please confirm that ${input.to} is your e-mail address in Emblem by opening this link:`;
  const text = [
    greeting,
    '',
    why,
    '',
    input.link,
    '',
    `The link works once, for ${input.validHours} hours.`,
    'If you did not ask for this, ignore this message: nothing changes.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(why)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${input.change ? 'Use this e-mail address' : 'Verify my e-mail address'}</a></p>`,
    `<p>The link works once, for ${input.validHours} hours. If you did not ask for this, ignore this message: nothing changes.</p>`,
  ].join('\n');
  return {
    to: input.to,
    subject: input.change ? 'Confirm your new e-mail address' : 'Verify your e-mail address',
    text,
    html,
  };
}
