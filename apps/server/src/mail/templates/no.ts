import type { MailNotification, MailTemplates } from './render.js';

/** "28. mars 2026 kl. 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('nb-NO', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "endringer forespurt". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'godkjent',
  CHANGES_REQUESTED: 'endringer forespurt',
  REJECTED: 'avvist',
  CANCELLED: 'avbrutt',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada svarte på en kommentar fra deg på Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Noen';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'en ressurs';
  const line = {
    mention: `${who} nevnte deg på ${what}`,
    comment_reply: `${who} svarte på en kommentar fra deg på ${what}`,
    review_request:
      n.data.revision === undefined ? `${who} ba deg gå gjennom ${what}` : `En ny revisjon av ${what} må gjennomgås av deg igjen`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `Gjennomgangen av ${what} er avsluttet: ${answerWords(n.data.decision)}`
        : `${who} svarte på gjennomgangen av ${what}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} tildelte deg ${what}`,
    due_date: `${what} har frist${typeof n.data.due_date === 'string' ? ` ${n.data.due_date}` : ' nå'}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Norwegian (bokmål) texts of every message Emblem sends. */
export const no: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Bekreft den nye e-postadressen din' : 'Bekreft e-postadressen din',
    greeting: name ? `Hei ${name},` : 'Hei,',
    intro: [
      change
        ? `Du ba om å bruke ${to} som e-postadresse i Emblem. Endringen trer i kraft når du åpner denne lenken:`
        : `Bekreft at ${to} er e-postadressen din i Emblem, ved å åpne denne lenken:`,
    ],
    action: { label: change ? 'Bruk denne e-postadressen' : 'Bekreft e-postadressen min', url: link },
    outro: [
      `Lenken virker én gang, i ${validHours} timer.`,
      'Hvis du ikke ba om dette, kan du se bort fra denne meldingen: ingenting endres.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Du er invitert til å bli med i ${accountName} på Emblem`,
    greeting: 'Hei,',
    intro: [
      `${inviterName ?? 'En administrator'} inviterte deg til å bli med i ${accountName} på Emblem, der teamet ditt har merkevarene, retningslinjene og ressursene sine.`,
      'Åpne denne lenken for å velge navn og passord:',
    ],
    action: { label: `Bli med i ${accountName}`, url: link },
    outro: [
      `Lenken virker én gang, til ${when(expiresAt)}. Hvis den er utløpt, kan du be en administrator for ${accountName} om å sende en ny.`,
      'Hvis du ikke ventet denne invitasjonen, kan du se bort fra denne meldingen.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Du har nå tilgang til ${accountName} på Emblem`,
    greeting: name ? `Hei ${name},` : 'Hei,',
    intro: [
      `${inviterName ?? 'En administrator'} la deg til i ${accountName} på Emblem. Logg inn med den e-postadressen og det passordet du allerede har:`,
    ],
    action: { label: 'Logg inn på Emblem', url: signInUrl },
    outro: ['Hvis du ikke ventet dette, kan du be en administrator for kontoen om å fjerne deg.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Tilbakestill Emblem-passordet ditt',
    greeting: name ? `Hei ${name},` : 'Hei,',
    intro: ['Noen, forhåpentligvis du, ba om å tilbakestille passordet til Emblem-kontoen din. Åpne denne lenken for å velge et nytt:'],
    action: { label: 'Velg et nytt passord', url: link },
    outro: [
      `Lenken virker én gang, i ${validMinutes} minutter. Når du velger et nytt passord, blir du logget ut overalt.`,
      'Hvis du ikke ba om dette, kan du se bort fra denne meldingen: passordet ditt forblir som det er.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'Du har et nytt varsel på Emblem' : `Du har ${items.length} nye varsler på Emblem`,
    greeting: name ? `Hei ${name},` : 'Hei,',
    intro: ['Dette skjedde mens du var borte:', ...items.map(notificationLine)],
    action: { label: 'Åpne varslene dine', url: link },
    outro: ['Du kan velge hvilke varsler du får på e-post, i profilen din.'],
  }),
};
