import type { MailNotification, MailTemplates } from './render.js';

/** "28 mars 2026 kl. 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('sv-SE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "ändringar begärda". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'godkänd',
  CHANGES_REQUESTED: 'ändringar begärda',
  REJECTED: 'avvisad',
  CANCELLED: 'avbruten',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada svarade på en av dina kommentarer på Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Någon';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'en resurs';
  const line = {
    mention: `${who} nämnde dig på ${what}`,
    comment_reply: `${who} svarade på en av dina kommentarer på ${what}`,
    review_request:
      n.data.revision === undefined ? `${who} bad dig granska ${what}` : `En ny revision av ${what} behöver granskas av dig igen`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `Granskningen av ${what} är avslutad: ${answerWords(n.data.decision)}`
        : `${who} svarade på granskningen av ${what}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} tilldelade dig ${what}`,
    due_date: `${what} ska vara klar${typeof n.data.due_date === 'string' ? ` den ${n.data.due_date}` : ' nu'}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Swedish texts of every message Emblem sends. */
export const sv: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Bekräfta din nya e-postadress' : 'Verifiera din e-postadress',
    greeting: name ? `Hej ${name}!` : 'Hej!',
    intro: [
      change
        ? `Du har bett om att använda ${to} som din e-postadress i Emblem. Ändringen gäller när du öppnar den här länken:`
        : `Bekräfta att ${to} är din e-postadress i Emblem genom att öppna den här länken:`,
    ],
    action: { label: change ? 'Använd den här e-postadressen' : 'Verifiera min e-postadress', url: link },
    outro: [
      `Länken fungerar en gång, i ${validHours} timmar.`,
      'Om du inte har bett om detta kan du bortse från meddelandet: ingenting ändras.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Du har bjudits in till ${accountName} på Emblem`,
    greeting: 'Hej!',
    intro: [
      `${inviterName ?? 'En administratör'} har bjudit in dig till ${accountName} på Emblem, där ditt team samlar sina varumärken, riktlinjer och resurser.`,
      'Öppna den här länken för att välja ditt namn och lösenord:',
    ],
    action: { label: `Gå med i ${accountName}`, url: link },
    outro: [
      `Länken fungerar en gång, till ${when(expiresAt)}. Om den har gått ut kan du be en administratör för ${accountName} att skicka en ny.`,
      'Om du inte väntade dig den här inbjudan kan du bortse från meddelandet.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Du har nu åtkomst till ${accountName} på Emblem`,
    greeting: name ? `Hej ${name}!` : 'Hej!',
    intro: [
      `${inviterName ?? 'En administratör'} har lagt till dig i ${accountName} på Emblem. Logga in med din befintliga e-postadress och ditt lösenord:`,
    ],
    action: { label: 'Logga in på Emblem', url: signInUrl },
    outro: ['Om du inte väntade dig detta kan du be en administratör för kontot att ta bort dig.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Återställ ditt lösenord för Emblem',
    greeting: name ? `Hej ${name}!` : 'Hej!',
    intro: [
      'Någon, förhoppningsvis du, har bett om att återställa lösenordet för ditt Emblem-konto. Öppna den här länken för att välja ett nytt:',
    ],
    action: { label: 'Välj ett nytt lösenord', url: link },
    outro: [
      `Länken fungerar en gång, i ${validMinutes} minuter. När du väljer ett nytt lösenord loggas du ut överallt.`,
      'Om du inte har bett om detta kan du bortse från meddelandet: ditt lösenord förblir oförändrat.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'Du har en ny avisering på Emblem' : `Du har ${items.length} nya aviseringar på Emblem`,
    greeting: name ? `Hej ${name}!` : 'Hej!',
    intro: [
      items.length === 1 ? 'Det här hände medan du var borta:' : 'Följande hände medan du var borta:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Öppna dina aviseringar', url: link },
    outro: ['Du kan välja vilka aviseringar du får via e-post i din profil.'],
  }),
};
