import type { MailNotification, MailTemplates } from './render.js';

/** "28 marzo 2026 alle ore 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('it-IT', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** Italian words for a review's answer. */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'approvato',
  CHANGES_REQUESTED: 'modifiche richieste',
  REJECTED: 'rifiutato',
  CANCELLED: 'annullato',
};

/** A review's answer in words: CHANGES_REQUESTED → "modifiche richieste". */
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada ha risposto a un Suo commento su Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Qualcuno';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'un asset';
  const line = {
    mention: `Menzione di ${who} su ${what}`,
    comment_reply: `${who} ha risposto a un Suo commento su ${what}`,
    review_request:
      n.data.revision === undefined
        ? `${who} Le ha chiesto di revisionare ${what}`
        : `Una nuova revisione di ${what} richiede di nuovo la Sua revisione`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `La revisione di ${what} si è conclusa: ${answerWords(n.data.decision)}`
        : `${who} ha risposto alla revisione di ${what}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} Le ha assegnato ${what}`,
    due_date: `${what} è in scadenza${typeof n.data.due_date === 'string' ? ` il ${n.data.due_date}` : ''}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Italian texts of every message Emblem sends. */
export const it: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Conferma del nuovo indirizzo e-mail' : "Verifica dell'indirizzo e-mail",
    greeting: name ? `Buongiorno ${name},` : 'Buongiorno,',
    intro: [
      change
        ? `ha chiesto di usare ${to} come indirizzo e-mail in Emblem. La modifica diventa effettiva all'apertura di questo link:`
        : `confermi che ${to} è il Suo indirizzo e-mail in Emblem aprendo questo link:`,
    ],
    action: { label: change ? 'Usa questo indirizzo e-mail' : 'Verifica il mio indirizzo e-mail', url: link },
    outro: [
      `Il link funziona una sola volta, per ${validHours} ore.`,
      'Se non ha richiesto questa operazione, ignori questo messaggio: non cambierà nulla.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Invito a unirsi a ${accountName} su Emblem`,
    greeting: 'Buongiorno,',
    intro: [
      `${inviterName ?? 'Un amministratore'} La invita a unirsi a ${accountName} su Emblem, dove il Suo team conserva brand, linee guida e asset.`,
      'Apra questo link per scegliere nome e password:',
    ],
    action: { label: `Unisciti a ${accountName}`, url: link },
    outro: [
      `Il link funziona una sola volta, fino al ${when(expiresAt)}. Se è scaduto, chieda a un amministratore di ${accountName} di inviarne uno nuovo.`,
      'Se non si aspettava questo invito, ignori questo messaggio.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Ora ha accesso a ${accountName} su Emblem`,
    greeting: name ? `Buongiorno ${name},` : 'Buongiorno,',
    intro: [
      `${inviterName ?? 'Un amministratore'} ha aggiunto il Suo account a ${accountName} su Emblem. Acceda con l'indirizzo e-mail e la password che usa già:`,
    ],
    action: { label: 'Accedi a Emblem', url: signInUrl },
    outro: ["Se non se lo aspettava, può chiedere a un amministratore dell'account di rimuovere il Suo accesso."],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Reimpostazione della password di Emblem',
    greeting: name ? `Buongiorno ${name},` : 'Buongiorno,',
    intro: [
      'qualcuno, probabilmente Lei, ha chiesto di reimpostare la password del Suo account Emblem. Apra questo link per sceglierne una nuova:',
    ],
    action: { label: 'Scegli una nuova password', url: link },
    outro: [
      `Il link funziona una sola volta, per ${validMinutes} minuti. Scegliendo una nuova password, verrà effettuata la disconnessione da tutti i dispositivi.`,
      'Se non ha richiesto questa operazione, ignori questo messaggio: la password resterà invariata.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'Ha una nuova notifica su Emblem' : `Ha ${items.length} nuove notifiche su Emblem`,
    greeting: name ? `Buongiorno ${name},` : 'Buongiorno,',
    intro: [
      items.length === 1 ? 'ecco cosa è successo durante la Sua assenza:' : 'ecco le novità durante la Sua assenza:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Apri le notifiche', url: link },
    outro: ['Può scegliere quali notifiche ricevere via e-mail nel Suo profilo.'],
  }),
};
