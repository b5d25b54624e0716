import type { MailNotification, MailTemplates } from './render.js';

/** "28 de março de 2026 às 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** A review's answer in words: CHANGES_REQUESTED → "alterações solicitadas". */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'aprovado',
  CHANGES_REQUESTED: 'alterações solicitadas',
  REJECTED: 'rejeitado',
  CANCELLED: 'cancelado',
};
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada respondeu a um comentário seu em Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Alguém';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'um ativo';
  const line = {
    mention: `${who} mencionou você em ${what}`,
    comment_reply: `${who} respondeu a um comentário seu em ${what}`,
    review_request:
      n.data.revision === undefined
        ? `${who} pediu que você revise ${what}`
        : `Uma nova revisão de ${what} precisa da sua análise novamente`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `A revisão de ${what} foi concluída: ${answerWords(n.data.decision)}`
        : `${who} respondeu à revisão de ${what}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} atribuiu ${what} a você`,
    due_date: `O prazo de ${what} vence${typeof n.data.due_date === 'string' ? ` em ${n.data.due_date}` : ''}`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Portuguese texts of every message Emblem sends. */
export const pt: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Confirme seu novo endereço de e-mail' : 'Verifique seu endereço de e-mail',
    greeting: name ? `Olá, ${name},` : 'Olá,',
    intro: [
      change
        ? `Você pediu para usar ${to} como seu endereço de e-mail no Emblem. A alteração entra em vigor quando você abrir este link:`
        : `Confirme que ${to} é o seu endereço de e-mail no Emblem abrindo este link:`,
    ],
    action: { label: change ? 'Usar este endereço de e-mail' : 'Verificar meu endereço de e-mail', url: link },
    outro: [
      `O link funciona uma única vez, durante ${validHours} horas.`,
      'Se você não fez esta solicitação, ignore esta mensagem: nada será alterado.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Você foi convidado para participar de ${accountName} no Emblem`,
    greeting: 'Olá,',
    intro: [
      `${inviterName ?? 'Um administrador'} convidou você para participar de ${accountName} no Emblem, onde sua equipe mantém suas marcas, guias e ativos.`,
      'Abra este link para escolher seu nome e sua senha:',
    ],
    action: { label: `Participar de ${accountName}`, url: link },
    outro: [
      `O link funciona uma única vez, até ${when(expiresAt)}. Se ele tiver expirado, peça a um administrador de ${accountName} para enviar um novo.`,
      'Se você não esperava este convite, ignore esta mensagem.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Agora você tem acesso a ${accountName} no Emblem`,
    greeting: name ? `Olá, ${name},` : 'Olá,',
    intro: [
      `${inviterName ?? 'Um administrador'} adicionou você a ${accountName} no Emblem. Entre com seu endereço de e-mail e sua senha atuais:`,
    ],
    action: { label: 'Entrar no Emblem', url: signInUrl },
    outro: ['Se você não esperava por isso, pode pedir a um administrador da conta para remover você.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Redefina sua senha do Emblem',
    greeting: name ? `Olá, ${name},` : 'Olá,',
    intro: ['Alguém, provavelmente você, pediu para redefinir a senha da sua conta Emblem. Abra este link para escolher uma nova:'],
    action: { label: 'Escolher uma nova senha', url: link },
    outro: [
      `O link funciona uma única vez, durante ${validMinutes} minutos. Escolher uma nova senha desconecta você de todos os dispositivos.`,
      'Se você não fez esta solicitação, ignore esta mensagem: sua senha continua a mesma.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'Você tem uma nova notificação no Emblem' : `Você tem ${items.length} novas notificações no Emblem`,
    greeting: name ? `Olá, ${name},` : 'Olá,',
    intro: [
      items.length === 1 ? 'Isto aconteceu enquanto você esteve ausente:' : 'Estas coisas aconteceram enquanto você esteve ausente:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Abrir suas notificações', url: link },
    outro: ['Você pode escolher no seu perfil quais notificações receber por e-mail.'],
  }),
};
