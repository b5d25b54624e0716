import type { MailNotification, MailTemplates } from './render.js';

/** "28 marca 2026 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('pl-PL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A count with the Polish form of its noun: 1 godzinę, 2 godziny, 5 godzin, 1,5 godziny. */
const plural = (count: number, forms: { one: string; few: string; many: string; other: string }) =>
  `${count} ${forms[new Intl.PluralRules('pl').select(count) as 'one' | 'few' | 'many' | 'other'] ?? forms.other}`;

/** A review's answer in words: CHANGES_REQUESTED → "poproszono o zmiany". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'zatwierdzono',
  CHANGES_REQUESTED: 'poproszono o zmiany',
  REJECTED: 'odrzucono',
  CANCELLED: 'anulowano',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada odpowiada na Twój komentarz w zasobie Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Ktoś';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : null;
  const inAsset = what ? `zasobie ${what}` : 'jednym z zasobów';
  const ofAsset = what ? `zasobu ${what}` : 'jednego z zasobów';
  const asset = what ? `zasób ${what}` : 'jeden z zasobów';
  const line = {
    mention: `${who} wspomina o Tobie w ${inAsset}`,
    comment_reply: `${who} odpowiada na Twój komentarz w ${inAsset}`,
    review_request:
      n.data.revision === undefined ? `${who} prosi Cię o recenzję ${ofAsset}` : `Nowa wersja ${ofAsset} ponownie wymaga Twojej recenzji`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `Recenzja ${ofAsset} zakończona: ${answerWords(n.data.decision)}`
        : `${who} odpowiada w recenzji ${ofAsset}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} przypisuje Ci ${asset}`,
    due_date: `Mija termin ${ofAsset}${typeof n.data.due_date === 'string' ? ` (${n.data.due_date})` : ''}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Polish texts of every message Emblem sends. */
export const pl: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Potwierdź nowy adres e-mail' : 'Zweryfikuj adres e-mail',
    greeting: name ? `Dzień dobry ${name},` : 'Dzień dobry,',
    intro: [
      change
        ? `Otrzymaliśmy prośbę o używanie adresu ${to} jako Twojego adresu e-mail w Emblem. Zmiana zacznie obowiązywać po otwarciu tego linku:`
        : `Potwierdź, że ${to} to Twój adres e-mail w Emblem, otwierając ten link:`,
    ],
    action: { label: change ? 'Użyj tego adresu e-mail' : 'Zweryfikuj mój adres e-mail', url: link },
    outro: [
      `Link działa jednorazowo przez ${plural(validHours, { one: 'godzinę', few: 'godziny', many: 'godzin', other: 'godziny' })}.`,
      'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość: nic się nie zmieni.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Zaproszenie do konta ${accountName} w Emblem`,
    greeting: 'Dzień dobry,',
    intro: [
      `${inviterName ?? 'Administrator'} zaprasza Cię do konta ${accountName} w Emblem, w którym Twój zespół przechowuje swoje marki, wytyczne i zasoby.`,
      'Otwórz ten link, aby podać swoje imię i nazwisko oraz ustawić hasło:',
    ],
    action: { label: `Dołącz do konta ${accountName}`, url: link },
    outro: [
      `Link działa jednorazowo do ${when(expiresAt)}. Jeśli wygasł, poproś administratora konta ${accountName} o nowy.`,
      'Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Masz teraz dostęp do konta ${accountName} w Emblem`,
    greeting: name ? `Dzień dobry ${name},` : 'Dzień dobry,',
    intro: [
      `${inviterName ? `${inviterName} dodał(a)` : 'Administrator dodał'} Cię do konta ${accountName} w Emblem. Zaloguj się, używając swojego dotychczasowego adresu e-mail i hasła:`,
    ],
    action: { label: 'Zaloguj się do Emblem', url: signInUrl },
    outro: ['Jeśli się tego nie spodziewasz, możesz poprosić administratora konta o usunięcie Cię z niego.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Resetowanie hasła do Emblem',
    greeting: name ? `Dzień dobry ${name},` : 'Dzień dobry,',
    intro: [
      'Ktoś (miejmy nadzieję, że Ty) poprosił o zresetowanie hasła do Twojego konta Emblem. Otwórz ten link, aby ustawić nowe hasło:',
    ],
    action: { label: 'Ustaw nowe hasło', url: link },
    outro: [
      `Link działa jednorazowo przez ${plural(validMinutes, { one: 'minutę', few: 'minuty', many: 'minut', other: 'minuty' })}. Ustawienie nowego hasła wyloguje Cię ze wszystkich urządzeń.`,
      'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject:
      items.length === 1
        ? 'Masz nowe powiadomienie w Emblem'
        : `Masz ${plural(items.length, { one: 'nowe powiadomienie', few: 'nowe powiadomienia', many: 'nowych powiadomień', other: 'nowego powiadomienia' })} w Emblem`,
    greeting: name ? `Dzień dobry ${name},` : 'Dzień dobry,',
    intro: [
      items.length === 1 ? 'Oto, co wydarzyło się podczas Twojej nieobecności:' : 'Oto wydarzenia z czasu Twojej nieobecności:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Otwórz powiadomienia', url: link },
    outro: ['W swoim profilu możesz wybrać, które powiadomienia otrzymujesz e-mailem.'],
  }),
};
