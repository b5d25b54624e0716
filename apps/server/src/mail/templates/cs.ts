import type { MailNotification, MailTemplates } from './render.js';

/** "28. března 2026 v 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('cs-CZ', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A count with the Czech form of its noun: 1 hodinu, 2 hodiny, 5 hodin, 1,5 hodiny. */
const plural = (count: number, forms: { one: string; few: string; many: string; other: string }) =>
  `${count} ${forms[new Intl.PluralRules('cs').select(count) as 'one' | 'few' | 'many' | 'other'] ?? forms.other}`;

/** A review's answer in words: CHANGES_REQUESTED → "požadovány změny". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'schváleno',
  CHANGES_REQUESTED: 'požadovány změny',
  REJECTED: 'zamítnuto',
  CANCELLED: 'zrušeno',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada odpověděl(a) na váš komentář u podkladu Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Někdo';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : null;
  const ofAsset = what ? `podkladu ${what}` : 'jednoho z podkladů';
  const asset = what ? `podklad ${what}` : 'jeden z podkladů';
  const line = {
    mention: `${who} vás zmínil(a) u ${ofAsset}`,
    comment_reply: `${who} odpověděl(a) na váš komentář u ${ofAsset}`,
    review_request:
      n.data.revision === undefined
        ? `${who} vás požádal(a) o posouzení ${ofAsset}`
        : `Nová revize ${ofAsset} znovu vyžaduje vaše posouzení`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `Posouzení ${ofAsset} skončilo: ${answerWords(n.data.decision)}`
        : `${who} odpověděl(a) v posouzení ${ofAsset}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} vám přiřadil(a) ${asset}`,
    due_date: `${what ? `Podklad ${what}` : 'Jeden z podkladů'} má termín${typeof n.data.due_date === 'string' ? ` ${n.data.due_date}` : ''}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Czech texts of every message Emblem sends. */
export const cs: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Potvrďte novou e-mailovou adresu' : 'Ověřte svou e-mailovou adresu',
    greeting: name ? `Dobrý den, ${name},` : 'Dobrý den,',
    intro: [
      change
        ? `požádali jste o použití adresy ${to} jako vaší e-mailové adresy v Emblem. Změna se projeví po otevření tohoto odkazu:`
        : `potvrďte prosím otevřením tohoto odkazu, že ${to} je vaše e-mailová adresa v Emblem:`,
    ],
    action: { label: change ? 'Použít tuto e-mailovou adresu' : 'Ověřit mou e-mailovou adresu', url: link },
    outro: [
      `Odkaz lze použít jednou a platí ${plural(validHours, { one: 'hodinu', few: 'hodiny', many: 'hodiny', other: 'hodin' })}.`,
      'Pokud jste o to nežádali, tuto zprávu ignorujte: nic se nezmění.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Pozvánka do účtu ${accountName} v Emblem`,
    greeting: 'Dobrý den,',
    intro: [
      `${inviterName ?? 'Správce'} vás zve do účtu ${accountName} v Emblem, kde váš tým uchovává své značky, manuály a podklady.`,
      'Otevřete tento odkaz a zadejte své jméno a heslo:',
    ],
    action: { label: `Připojit se k účtu ${accountName}`, url: link },
    outro: [
      `Odkaz lze použít jednou, do ${when(expiresAt)}. Pokud jeho platnost vypršela, požádejte správce účtu ${accountName} o nový.`,
      'Pokud jste tuto pozvánku nečekali, zprávu ignorujte.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Nyní máte přístup k účtu ${accountName} v Emblem`,
    greeting: name ? `Dobrý den, ${name},` : 'Dobrý den,',
    intro: [
      `${inviterName ? `${inviterName} vás přidal(a)` : 'Správce vás přidal'} do účtu ${accountName} v Emblem. Přihlaste se svou stávající e-mailovou adresou a heslem:`,
    ],
    action: { label: 'Přihlásit se do Emblem', url: signInUrl },
    outro: ['Pokud jste to nečekali, můžete správce účtu požádat, aby vás odebral.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Obnovení hesla k Emblem',
    greeting: name ? `Dobrý den, ${name},` : 'Dobrý den,',
    intro: ['někdo, doufejme že vy, požádal o obnovení hesla k vašemu účtu Emblem. Otevřete tento odkaz a nastavte nové:'],
    action: { label: 'Nastavit nové heslo', url: link },
    outro: [
      `Odkaz lze použít jednou a platí ${plural(validMinutes, { one: 'minutu', few: 'minuty', many: 'minuty', other: 'minut' })}. Nastavením nového hesla se všude odhlásíte.`,
      'Pokud jste o to nežádali, tuto zprávu ignorujte: vaše heslo zůstane beze změny.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject:
      items.length === 1
        ? 'Máte nové oznámení v Emblem'
        : `Máte ${plural(items.length, { one: 'nové oznámení', few: 'nová oznámení', many: 'nového oznámení', other: 'nových oznámení' })} v Emblem`,
    greeting: name ? `Dobrý den, ${name},` : 'Dobrý den,',
    intro: [
      items.length === 1 ? 'během vaší nepřítomnosti se stalo toto:' : 'během vaší nepřítomnosti se stalo následující:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Otevřít oznámení', url: link },
    outro: ['Ve svém profilu si můžete zvolit, která oznámení dostáváte e-mailem.'],
  }),
};
