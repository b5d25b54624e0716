import type { MailNotification, MailTemplates } from './render.js';

/** "28 maart 2026 om 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('nl-NL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "wijzigingen gevraagd". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'goedgekeurd',
  CHANGES_REQUESTED: 'wijzigingen gevraagd',
  REJECTED: 'afgewezen',
  CANCELLED: 'geannuleerd',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada heeft gereageerd op een opmerking van je bij Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Iemand';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'een asset';
  const line = {
    mention: `${who} heeft je vermeld bij ${what}`,
    comment_reply: `${who} heeft gereageerd op een opmerking van je bij ${what}`,
    review_request:
      n.data.revision === undefined
        ? `${who} heeft je gevraagd ${what} te beoordelen`
        : `Een nieuwe revisie van ${what} moet opnieuw door jou worden beoordeeld`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `De beoordeling van ${what} is afgerond: ${answerWords(n.data.decision)}`
        : `${who} heeft de beoordeling van ${what} beantwoord${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} heeft ${what} aan je toegewezen`,
    due_date: `De deadline van ${what} is bereikt${typeof n.data.due_date === 'string' ? ` (${n.data.due_date})` : ''}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Dutch texts of every message Emblem sends. */
export const nl: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Bevestig je nieuwe e-mailadres' : 'Verifieer je e-mailadres',
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    intro: [
      change
        ? `Je hebt gevraagd om ${to} als je e-mailadres in Emblem te gebruiken. Dit gaat in zodra je deze link opent:`
        : `Bevestig dat ${to} je e-mailadres in Emblem is door deze link te openen:`,
    ],
    action: { label: change ? 'Dit e-mailadres gebruiken' : 'Mijn e-mailadres verifiëren', url: link },
    outro: [
      `De link werkt één keer, gedurende ${validHours} uur.`,
      'Heb je hier niet om gevraagd? Negeer dan dit bericht: er verandert niets.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Je bent uitgenodigd om lid te worden van ${accountName} op Emblem`,
    greeting: 'Hallo,',
    intro: [
      `${inviterName ?? 'Een beheerder'} heeft je uitgenodigd om lid te worden van ${accountName} op Emblem, waar je team zijn merken, richtlijnen en assets bewaart.`,
      'Open deze link om je naam en wachtwoord te kiezen:',
    ],
    action: { label: `Lid worden van ${accountName}`, url: link },
    outro: [
      `De link werkt één keer, tot ${when(expiresAt)}. Is hij verlopen, vraag dan een beheerder van ${accountName} om een nieuwe te sturen.`,
      'Had je deze uitnodiging niet verwacht? Negeer dan dit bericht.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Je hebt nu toegang tot ${accountName} op Emblem`,
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    intro: [
      `${inviterName ?? 'Een beheerder'} heeft je toegevoegd aan ${accountName} op Emblem. Log in met je bestaande e-mailadres en wachtwoord:`,
    ],
    action: { label: 'Inloggen bij Emblem', url: signInUrl },
    outro: ['Had je dit niet verwacht? Dan kun je een beheerder van het account vragen je te verwijderen.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Stel je Emblem-wachtwoord opnieuw in',
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    intro: [
      'Iemand, hopelijk jij, heeft gevraagd om het wachtwoord van je Emblem-account opnieuw in te stellen. Open deze link om een nieuw wachtwoord te kiezen:',
    ],
    action: { label: 'Een nieuw wachtwoord kiezen', url: link },
    outro: [
      `De link werkt één keer, gedurende ${validMinutes} minuten. Als je een nieuw wachtwoord kiest, word je overal uitgelogd.`,
      'Heb je hier niet om gevraagd? Negeer dan dit bericht: je wachtwoord blijft zoals het is.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'Je hebt een nieuwe melding op Emblem' : `Je hebt ${items.length} nieuwe meldingen op Emblem`,
    greeting: name ? `Hallo ${name},` : 'Hallo,',
    intro: [
      items.length === 1 ? 'Dit is er gebeurd terwijl je weg was:' : 'Dit is er allemaal gebeurd terwijl je weg was:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Je meldingen openen', url: link },
    outro: ['In je profiel kun je kiezen welke meldingen je per e-mail krijgt.'],
  }),
};
