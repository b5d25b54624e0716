import type { MailNotification, MailTemplates } from './render.js';

/** "28 March 2026, 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "changes requested". */
const answerWords = (answer: string) => answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada replied to your comment on Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Someone';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'an asset';
  const line = {
    mention: `${who} mentioned you on ${what}`,
    comment_reply: `${who} replied to a comment of yours on ${what}`,
    review_request:
      n.data.revision === undefined ? `${who} asked you to review ${what}` : `A new revision of ${what} needs your review again`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `The review of ${what} ended: ${answerWords(n.data.decision)}`
        : `${who} answered the review of ${what}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} assigned ${what} to you`,
    due_date: `${what} is due${typeof n.data.due_date === 'string' ? ` on ${n.data.due_date}` : ''}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The English texts of every message Emblem sends. */
export const en: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Confirm your new e-mail address' : 'Verify your e-mail address',
    greeting: name ? `Hello ${name},` : 'Hello,',
    intro: [
      change
        ? `you asked to use ${to} as your e-mail address in Emblem. It takes effect when you open this link:`
        : `please confirm that ${to} is your e-mail address in Emblem by opening this link:`,
    ],
    action: { label: change ? 'Use this e-mail address' : 'Verify my e-mail address', url: link },
    outro: [`The link works once, for ${validHours} hours.`, 'If you did not ask for this, ignore this message: nothing changes.'],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `You are invited to join ${accountName} on Emblem`,
    greeting: 'Hello,',
    intro: [
      `${inviterName ?? 'An admin'} invited you to join ${accountName} on Emblem, where your team keeps its brands, guidelines and assets.`,
      'Open this link to choose your name and password:',
    ],
    action: { label: `Join ${accountName}`, url: link },
    outro: [
      `The link works once, until ${when(expiresAt)}. If it has expired, ask an admin of ${accountName} to send a new one.`,
      'If you did not expect this invitation, ignore this message.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `You now have access to ${accountName} on Emblem`,
    greeting: name ? `Hello ${name},` : 'Hello,',
    intro: [`${inviterName ?? 'An admin'} added you to ${accountName} on Emblem. Sign in with your existing e-mail address and password:`],
    action: { label: 'Sign in to Emblem', url: signInUrl },
    outro: ['If you did not expect this, you can ask an admin of the account to remove you.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Reset your Emblem password',
    greeting: name ? `Hello ${name},` : 'Hello,',
    intro: ['someone, hopefully you, asked to reset the password of your Emblem account. Open this link to choose a new one:'],
    action: { label: 'Choose a new password', url: link },
    outro: [
      `The link works once, for ${validMinutes} minutes. Choosing a new password signs you out everywhere.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'You have a new notification on Emblem' : `You have ${items.length} new notifications on Emblem`,
    greeting: name ? `Hello ${name},` : 'Hello,',
    intro: [
      items.length === 1 ? 'this happened while you were away:' : 'these happened while you were away:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Open your notifications', url: link },
    outro: ['You can choose which notifications you get by e-mail in your profile.'],
  }),
};
