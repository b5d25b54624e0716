import type { MailNotification, MailTemplates } from './render.js';

/** "28 mars 2026 à 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "modifications demandées". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'approuvée',
  CHANGES_REQUESTED: 'modifications demandées',
  REJECTED: 'refusée',
  CANCELLED: 'annulée',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** A due date such as "2026-04-01" in words ("1 avril 2026"); anything else as it is. */
const day = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });
};

/** "de Acme", "d’Orange". */
const of = (name: string) => (/^[aeiouyàâéèêëîïôûùh]/i.test(name) ? `d’${name}` : `de ${name}`);

/** One notification in a sentence: "Ada a répondu à l’un de vos commentaires sur Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Quelqu’un';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'une ressource';
  const line = {
    mention: `${who} vous a mentionné sur ${what}`,
    comment_reply: `${who} a répondu à l’un de vos commentaires sur ${what}`,
    review_request:
      n.data.revision === undefined
        ? `${who} vous demande de relire ${what}`
        : `Une nouvelle révision de ${what} nécessite à nouveau votre relecture`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `La relecture de ${what} est terminée\u00A0: ${answerWords(n.data.decision)}`
        : `${who} a répondu à la relecture de ${what}${typeof n.data.vote === 'string' ? `\u00A0: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} vous a attribué ${what}`,
    due_date: `${what} arrive à échéance${typeof n.data.due_date === 'string' ? ` le ${day(n.data.due_date)}` : ''}`,
  }[n.type];
  const sentence = line.charAt(0).toUpperCase() + line.slice(1);
  return n.url ? `${sentence}\u00A0: ${n.url}` : sentence;
}

/** The French texts of every message Emblem sends. */
export const fr: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Confirmez votre nouvelle adresse e-mail' : 'Vérifiez votre adresse e-mail',
    greeting: name ? `Bonjour ${name},` : 'Bonjour,',
    intro: [
      change
        ? `Vous avez demandé à utiliser ${to} comme adresse e-mail dans Emblem. Ce changement prend effet lorsque vous ouvrez ce lien\u00A0:`
        : `Veuillez confirmer que ${to} est bien votre adresse e-mail dans Emblem en ouvrant ce lien\u00A0:`,
    ],
    action: { label: change ? 'Utiliser cette adresse e-mail' : 'Vérifier mon adresse e-mail', url: link },
    outro: [
      `Le lien ne fonctionne qu’une fois, pendant ${validHours}\u00A0heures.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00A0: rien ne change.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Vous êtes invité à rejoindre ${accountName} sur Emblem`,
    greeting: 'Bonjour,',
    intro: [
      `${inviterName ?? 'Un administrateur'} vous invite à rejoindre ${accountName} sur Emblem, où votre équipe gère ses marques, ses chartes et ses ressources.`,
      'Ouvrez ce lien pour choisir votre nom et votre mot de passe\u00A0:',
    ],
    action: { label: `Rejoindre ${accountName}`, url: link },
    outro: [
      `Le lien ne fonctionne qu’une fois, jusqu’au ${when(expiresAt)}. S’il a expiré, demandez à un administrateur ${of(accountName)} de vous en envoyer un nouveau.`,
      'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Vous avez désormais accès à ${accountName} sur Emblem`,
    greeting: name ? `Bonjour ${name},` : 'Bonjour,',
    intro: [
      `${inviterName ?? 'Un administrateur'} vous a ajouté à ${accountName} sur Emblem. Connectez-vous avec votre adresse e-mail et votre mot de passe habituels\u00A0:`,
    ],
    action: { label: 'Se connecter à Emblem', url: signInUrl },
    outro: ['Si vous ne vous y attendiez pas, vous pouvez demander à un administrateur du compte de vous retirer.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Réinitialisez votre mot de passe Emblem',
    greeting: name ? `Bonjour ${name},` : 'Bonjour,',
    intro: [
      'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte Emblem. Ouvrez ce lien pour en choisir un nouveau\u00A0:',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: link },
    outro: [
      `Le lien ne fonctionne qu’une fois, pendant ${validMinutes}\u00A0minutes. Choisir un nouveau mot de passe vous déconnecte partout.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00A0: votre mot de passe reste inchangé.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject:
      items.length === 1
        ? 'Vous avez une nouvelle notification sur Emblem'
        : `Vous avez ${items.length} nouvelles notifications sur Emblem`,
    greeting: name ? `Bonjour ${name},` : 'Bonjour,',
    intro: [
      items.length === 1
        ? 'Voici ce qui s’est passé pendant votre absence\u00A0:'
        : 'Voici ce qui s’est passé pendant votre absence\u00A0:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Ouvrir vos notifications', url: link },
    outro: ['Vous pouvez choisir dans votre profil les notifications que vous recevez par e-mail.'],
  }),
};
