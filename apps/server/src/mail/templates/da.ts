import type { MailNotification, MailTemplates } from './render.js';

/** "28. marts 2026 kl. 14.05 UTC". */
const when = (date: Date) => `${date.toLocaleString('da-DK', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "ændringer ønsket". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'godkendt',
  CHANGES_REQUESTED: 'ændringer ønsket',
  REJECTED: 'afvist',
  CANCELLED: 'annulleret',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada svarede på en af dine kommentarer på Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'En person';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'et aktiv';
  const line = {
    mention: `${who} nævnte dig på ${what}`,
    comment_reply: `${who} svarede på en af dine kommentarer på ${what}`,
    review_request:
      n.data.revision === undefined ? `${who} bad dig om at gennemse ${what}` : `En ny revision af ${what} skal gennemses af dig igen`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `Gennemsynet af ${what} er afsluttet: ${answerWords(n.data.decision)}`
        : `${who} besvarede gennemsynet af ${what}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} tildelte dig ${what}`,
    due_date: `${what} har frist${typeof n.data.due_date === 'string' ? ` den ${n.data.due_date}` : ' nu'}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Danish texts of every message Emblem sends. */
export const da: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Bekræft din nye e-mailadresse' : 'Bekræft din e-mailadresse',
    greeting: name ? `Hej ${name}` : 'Hej',
    intro: [
      change
        ? `Du har bedt om at bruge ${to} som din e-mailadresse i Emblem. Ændringen træder i kraft, når du åbner dette link:`
        : `Bekræft, at ${to} er din e-mailadresse i Emblem, ved at åbne dette link:`,
    ],
    action: { label: change ? 'Brug denne e-mailadresse' : 'Bekræft min e-mailadresse', url: link },
    outro: [
      `Linket virker én gang i ${validHours} timer.`,
      'Hvis du ikke har bedt om dette, kan du se bort fra denne besked: Intet bliver ændret.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Du er inviteret til ${accountName} på Emblem`,
    greeting: 'Hej',
    intro: [
      `${inviterName ?? 'En administrator'} har inviteret dig til ${accountName} på Emblem, hvor dit team samler sine brands, retningslinjer og aktiver.`,
      'Åbn dette link for at vælge dit navn og din adgangskode:',
    ],
    action: { label: `Bliv en del af ${accountName}`, url: link },
    outro: [
      `Linket virker én gang, indtil ${when(expiresAt)}. Hvis det er udløbet, så bed en administrator af ${accountName} om at sende et nyt.`,
      'Hvis du ikke havde ventet denne invitation, kan du se bort fra denne besked.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Du har nu adgang til ${accountName} på Emblem`,
    greeting: name ? `Hej ${name}` : 'Hej',
    intro: [
      `${inviterName ?? 'En administrator'} har tilføjet dig til ${accountName} på Emblem. Log ind med din eksisterende e-mailadresse og adgangskode:`,
    ],
    action: { label: 'Log ind på Emblem', url: signInUrl },
    outro: ['Hvis du ikke havde ventet dette, kan du bede en administrator af kontoen om at fjerne dig.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Nulstil din adgangskode til Emblem',
    greeting: name ? `Hej ${name}` : 'Hej',
    intro: ['Nogen, forhåbentlig dig, har bedt om at nulstille adgangskoden til din Emblem-konto. Åbn dette link for at vælge en ny:'],
    action: { label: 'Vælg en ny adgangskode', url: link },
    outro: [
      `Linket virker én gang i ${validMinutes} minutter. Når du vælger en ny adgangskode, bliver du logget ud overalt.`,
      'Hvis du ikke har bedt om dette, kan du se bort fra denne besked: Din adgangskode forbliver uændret.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'Du har en ny notifikation på Emblem' : `Du har ${items.length} nye notifikationer på Emblem`,
    greeting: name ? `Hej ${name}` : 'Hej',
    intro: [items.length === 1 ? 'Dette skete, mens du var væk:' : 'Disse ting skete, mens du var væk:', ...items.map(notificationLine)],
    action: { label: 'Åbn dine notifikationer', url: link },
    outro: ['Du kan vælge, hvilke notifikationer du får via e-mail, på din profil.'],
  }),
};
