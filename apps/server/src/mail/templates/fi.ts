import type { MailNotification, MailTemplates } from './render.js';

/** "28. maaliskuuta 2026 klo 14.05 UTC". */
const when = (date: Date) => `${date.toLocaleString('fi-FI', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "muutoksia pyydetty". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'hyväksytty',
  CHANGES_REQUESTED: 'muutoksia pyydetty',
  REJECTED: 'hylätty',
  CANCELLED: 'peruttu',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada vastasi kommenttiisi aineistossa Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Joku';
  const what = n.assetTitle ? ` ${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : '';
  const line = {
    mention: `${who} mainitsi sinut aineistossa${what}`,
    comment_reply: `${who} vastasi kommenttiisi aineistossa${what}`,
    review_request:
      n.data.revision === undefined
        ? `${who} pyysi sinua tarkistamaan aineiston${what}`
        : `Aineiston${what} uusi versio tarvitsee taas tarkistuksesi`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `Aineiston${what} tarkistus päättyi: ${answerWords(n.data.decision)}`
        : `${who} vastasi aineiston${what} tarkistukseen${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} osoitti aineiston${what} sinulle`,
    due_date: `Aineiston${what} määräpäivä on ${typeof n.data.due_date === 'string' ? n.data.due_date : 'nyt'}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Finnish texts of every message Emblem sends. */
export const fi: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Vahvista uusi sähköpostiosoitteesi' : 'Vahvista sähköpostiosoitteesi',
    greeting: name ? `Hei ${name},` : 'Hei,',
    intro: [
      change
        ? `Pyysit käyttämään osoitetta ${to} sähköpostiosoitteenasi Emblemissä. Muutos tulee voimaan, kun avaat tämän linkin:`
        : `Vahvista, että ${to} on sähköpostiosoitteesi Emblemissä, avaamalla tämä linkki:`,
    ],
    action: { label: change ? 'Käytä tätä sähköpostiosoitetta' : 'Vahvista sähköpostiosoitteeni', url: link },
    outro: [
      `Linkki toimii kerran, ${validHours} tunnin ajan.`,
      'Jos et pyytänyt tätä, voit jättää tämän viestin huomiotta: mikään ei muutu.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Sinut on kutsuttu liittymään tiliin ${accountName} Emblemissä`,
    greeting: 'Hei,',
    intro: [
      `${inviterName ?? 'Ylläpitäjä'} kutsui sinut liittymään tiliin ${accountName} Emblemissä, jossa tiimisi säilyttää brändinsä, ohjeistonsa ja aineistonsa.`,
      'Avaa tämä linkki valitaksesi nimesi ja salasanasi:',
    ],
    action: { label: `Liity tiliin ${accountName}`, url: link },
    outro: [
      `Linkki toimii kerran, ${when(expiresAt)} asti. Jos se on vanhentunut, pyydä tilin ${accountName} ylläpitäjää lähettämään uusi.`,
      'Jos et odottanut tätä kutsua, voit jättää tämän viestin huomiotta.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Sinulla on nyt pääsy tiliin ${accountName} Emblemissä`,
    greeting: name ? `Hei ${name},` : 'Hei,',
    intro: [
      `${inviterName ?? 'Ylläpitäjä'} lisäsi sinut tiliin ${accountName} Emblemissä. Kirjaudu sisään nykyisellä sähköpostiosoitteellasi ja salasanallasi:`,
    ],
    action: { label: 'Kirjaudu Emblemiin', url: signInUrl },
    outro: ['Jos et odottanut tätä, voit pyytää tilin ylläpitäjää poistamaan sinut.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Nollaa Emblem-salasanasi',
    greeting: name ? `Hei ${name},` : 'Hei,',
    intro: ['Joku, toivottavasti sinä, pyysi nollaamaan Emblem-tilisi salasanan. Avaa tämä linkki valitaksesi uuden:'],
    action: { label: 'Valitse uusi salasana', url: link },
    outro: [
      `Linkki toimii kerran, ${validMinutes} minuutin ajan. Uuden salasanan valitseminen kirjaa sinut ulos kaikkialta.`,
      'Jos et pyytänyt tätä, voit jättää tämän viestin huomiotta: salasanasi pysyy ennallaan.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'Sinulla on uusi ilmoitus Emblemissä' : `Sinulla on ${items.length} uutta ilmoitusta Emblemissä`,
    greeting: name ? `Hei ${name},` : 'Hei,',
    intro: [
      items.length === 1 ? 'Poissa ollessasi tapahtui tämä:' : 'Poissa ollessasi tapahtui seuraavaa:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Avaa ilmoituksesi', url: link },
    outro: ['Voit valita profiilissasi, mistä ilmoituksista saat sähköpostia.'],
  }),
};
