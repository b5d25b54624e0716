import type { NotificationType } from '@emblem/core';
import type { MailMessage } from '../mailer.js';

/**
 * What one message says, independent of its format: paragraphs before and after one call to action (a link). `render`
 * turns it into the plain-text body and the same as simple HTML.
 */
export interface MailContent {
  subject: string;
  greeting: string;
  /** Paragraphs before the link. */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after the link (how long it works, what to do if unexpected). */
  outro: string[];
}

/**
 * Every message Emblem sends, as texts per language. A message is written in its recipient's language (the user's
 * `language`) when a translation exists, in English otherwise; a new language adds one file like `en.ts`.
 */
export interface MailTemplates {
  verification(p: { to: string; name: string | null; link: string; change: boolean; validHours: number }): MailContent;
  invitation(p: { accountName: string; inviterName: string | null; link: string; expiresAt: Date }): MailContent;
  addedToAccount(p: { name: string | null; accountName: string; inviterName: string | null; signInUrl: string }): MailContent;
  passwordReset(p: { name: string | null; link: string; validMinutes: number }): MailContent;
  notifications(p: { name: string | null; items: MailNotification[]; link: string }): MailContent;
}

/** One line of the notifications e-mail: what happened, named by the people and records it is about. */
export interface MailNotification {
  type: NotificationType;
  actorName: string | null;
  assetTitle: string | null;
  projectName: string | null;
  /** The asset viewer's address, when the recipient can open it. */
  url: string | null;
  data: Record<string, unknown>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text (the link on a line of its own, so every mail client makes it clickable) and HTML. */
export function render(to: string, content: MailContent): MailMessage {
  const text = [content.greeting, '', ...content.intro.flatMap((p) => [p, '']), content.action.url, '', ...content.outro].join('\n');
  const html = [
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.intro.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.label)}</a></p>`,
    ...content.outro.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject: content.subject, text, html };
}
