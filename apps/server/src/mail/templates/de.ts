import type { MailNotification, MailTemplates } from './render.js';

/** "28. März 2026 um 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('de-DE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "Änderungen angefordert". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'genehmigt',
  CHANGES_REQUESTED: 'Änderungen angefordert',
  REJECTED: 'abgelehnt',
  CANCELLED: 'abgebrochen',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** A due date such as "2026-04-01" in words ("1. April 2026"); anything else as it is. */
const day = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('de-DE', { dateStyle: 'long', timeZone: 'UTC' });
};

/** One notification in a sentence: "Ada hat auf Ihren Kommentar zu Logo (Brand assets) geantwortet". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Jemand';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'ein Asset';
  const line = {
    mention: `${who} hat Sie bei ${what} erwähnt`,
    comment_reply: `${who} hat auf einen Ihrer Kommentare zu ${what} geantwortet`,
    review_request:
      n.data.revision === undefined
        ? `${who} hat Sie gebeten, ${what} zu prüfen`
        : `Eine neue Revision von ${what} muss erneut von Ihnen geprüft werden`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `Die Prüfung von ${what} ist abgeschlossen: ${answerWords(n.data.decision)}`
        : `${who} hat auf die Prüfung von ${what} geantwortet${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} hat Ihnen ${what} zugewiesen`,
    due_date: `${what} ist ${typeof n.data.due_date === 'string' ? `am ${day(n.data.due_date)} ` : ''}fällig`,
  }[n.type];
  const sentence = line.charAt(0).toUpperCase() + line.slice(1);
  return n.url ? `${sentence}: ${n.url}` : sentence;
}

/** The German texts of every message Emblem sends. */
export const de: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Bestätigen Sie Ihre neue E-Mail-Adresse' : 'Bestätigen Sie Ihre E-Mail-Adresse',
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    intro: [
      change
        ? `Sie möchten ${to} als Ihre E-Mail-Adresse in Emblem verwenden. Die Änderung wird wirksam, sobald Sie diesen Link öffnen:`
        : `bitte bestätigen Sie, dass ${to} Ihre E-Mail-Adresse in Emblem ist, indem Sie diesen Link öffnen:`,
    ],
    action: { label: change ? 'Diese E-Mail-Adresse verwenden' : 'Meine E-Mail-Adresse bestätigen', url: link },
    outro: [
      `Der Link funktioniert einmal und ist ${validHours} Stunden gültig.`,
      'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht: Es ändert sich nichts.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Sie sind eingeladen, ${accountName} auf Emblem beizutreten`,
    greeting: 'Hallo,',
    intro: [
      `${inviterName ?? 'ein Admin'} hat Sie eingeladen, ${accountName} auf Emblem beizutreten – dort verwaltet Ihr Team seine Marken, Guidelines und Assets.`,
      'Öffnen Sie diesen Link, um Ihren Namen und Ihr Passwort festzulegen:',
    ],
    action: { label: `${accountName} beitreten`, url: link },
    outro: [
      `Der Link funktioniert einmal und ist bis ${when(expiresAt)} gültig. Falls er abgelaufen ist, bitten Sie einen Admin von ${accountName}, einen neuen zu senden.`,
      'Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese Nachricht.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Sie haben jetzt Zugriff auf ${accountName} auf Emblem`,
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    intro: [
      `${inviterName ?? 'ein Admin'} hat Sie zu ${accountName} auf Emblem hinzugefügt. Melden Sie sich mit Ihrer bestehenden E-Mail-Adresse und Ihrem Passwort an:`,
    ],
    action: { label: 'Bei Emblem anmelden', url: signInUrl },
    outro: ['Wenn Sie dies nicht erwartet haben, können Sie einen Admin des Kontos bitten, Sie zu entfernen.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Setzen Sie Ihr Emblem-Passwort zurück',
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    intro: [
      'jemand – hoffentlich Sie – hat angefordert, das Passwort Ihres Emblem-Kontos zurückzusetzen. Öffnen Sie diesen Link, um ein neues festzulegen:',
    ],
    action: { label: 'Neues Passwort festlegen', url: link },
    outro: [
      `Der Link funktioniert einmal und ist ${validMinutes} Minuten gültig. Wenn Sie ein neues Passwort festlegen, werden Sie überall abgemeldet.`,
      'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject:
      items.length === 1
        ? 'Sie haben eine neue Benachrichtigung auf Emblem'
        : `Sie haben ${items.length} neue Benachrichtigungen auf Emblem`,
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    intro: [
      items.length === 1 ? 'während Ihrer Abwesenheit ist Folgendes passiert:' : 'während Ihrer Abwesenheit ist Folgendes passiert:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Ihre Benachrichtigungen öffnen', url: link },
    outro: ['In Ihrem Profil können Sie festlegen, welche Benachrichtigungen Sie per E-Mail erhalten.'],
  }),
};
