import type { MailNotification, MailTemplates } from './render.js';

/** "28 de marzo de 2026 a las 14:05 UTC". */
const when = (date: Date) => `${date.toLocaleString('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** Spanish words for a review's answer. */
const ANSWERS: Readonly<Record<string, string>> = {
  APPROVED: 'aprobado',
  CHANGES_REQUESTED: 'cambios solicitados',
  REJECTED: 'rechazado',
  CANCELLED: 'cancelado',
};

/** A review's answer in words: CHANGES_REQUESTED → "cambios solicitados". */
const answerWords = (answer: string) => ANSWERS[answer] ?? answer.toLowerCase().replaceAll('_', ' ');

/** One notification in a sentence: "Ada ha respondido a uno de sus comentarios en Logo (Brand assets)". */
function notificationLine(n: MailNotification): string {
  const who = n.actorName ?? 'Alguien';
  const what = n.assetTitle ? `${n.assetTitle}${n.projectName ? ` (${n.projectName})` : ''}` : 'un recurso';
  const line = {
    mention: `${who} le ha mencionado en ${what}`,
    comment_reply: `${who} ha respondido a uno de sus comentarios en ${what}`,
    review_request:
      n.data.revision === undefined
        ? `${who} le ha pedido que revise ${what}`
        : `Una nueva revisión de ${what} necesita que vuelva a revisarla`,
    review_decision:
      typeof n.data.decision === 'string'
        ? `La revisión de ${what} ha finalizado: ${answerWords(n.data.decision)}`
        : `${who} ha respondido a la revisión de ${what}${typeof n.data.vote === 'string' ? `: ${answerWords(n.data.vote)}` : ''}`,
    assignment: `${who} le ha asignado ${what}`,
    due_date: typeof n.data.due_date === 'string' ? `${what} vence el ${n.data.due_date}` : `${what} ha llegado a su fecha de vencimiento`,
  }[n.type];
  return n.url ? `${line}: ${n.url}` : line;
}

/** The Spanish texts of every message Emblem sends. */
export const es: MailTemplates = {
  verification: ({ to, name, link, change, validHours }) => ({
    subject: change ? 'Confirmación de la nueva dirección de correo electrónico' : 'Verificación de la dirección de correo electrónico',
    greeting: name ? `Hola, ${name}:` : 'Hola:',
    intro: [
      change
        ? `Ha solicitado usar ${to} como dirección de correo electrónico en Emblem. El cambio se aplicará al abrir este enlace:`
        : `Confirme que ${to} es su dirección de correo electrónico en Emblem abriendo este enlace:`,
    ],
    action: { label: change ? 'Usar esta dirección de correo electrónico' : 'Verificar mi dirección de correo electrónico', url: link },
    outro: [
      `El enlace funciona una sola vez, durante ${validHours} horas.`,
      'Si no lo ha solicitado, ignore este mensaje: no cambiará nada.',
    ],
  }),

  invitation: ({ accountName, inviterName, link, expiresAt }) => ({
    subject: `Invitación para unirse a ${accountName} en Emblem`,
    greeting: 'Hola:',
    intro: [
      `${inviterName ?? 'Un administrador'} le ha invitado a unirse a ${accountName} en Emblem, donde su equipo guarda sus marcas, guías de marca y recursos.`,
      'Abra este enlace para elegir su nombre y su contraseña:',
    ],
    action: { label: `Unirse a ${accountName}`, url: link },
    outro: [
      `El enlace funciona una sola vez, hasta el ${when(expiresAt)}. Si ha caducado, pida a un administrador de ${accountName} que le envíe uno nuevo.`,
      'Si no esperaba esta invitación, ignore este mensaje.',
    ],
  }),

  addedToAccount: ({ name, accountName, inviterName, signInUrl }) => ({
    subject: `Ya tiene acceso a ${accountName} en Emblem`,
    greeting: name ? `Hola, ${name}:` : 'Hola:',
    intro: [
      `${inviterName ?? 'Un administrador'} le ha añadido a ${accountName} en Emblem. Inicie sesión con su dirección de correo electrónico y su contraseña actuales:`,
    ],
    action: { label: 'Iniciar sesión en Emblem', url: signInUrl },
    outro: ['Si no lo esperaba, puede pedir a un administrador de la cuenta que le quite.'],
  }),

  passwordReset: ({ name, link, validMinutes }) => ({
    subject: 'Restablecimiento de la contraseña de Emblem',
    greeting: name ? `Hola, ${name}:` : 'Hola:',
    intro: [
      'Alguien, probablemente usted, ha solicitado restablecer la contraseña de su cuenta de Emblem. Abra este enlace para elegir una nueva:',
    ],
    action: { label: 'Elegir una nueva contraseña', url: link },
    outro: [
      `El enlace funciona una sola vez, durante ${validMinutes} minutos. Al elegir una nueva contraseña, se cerrará la sesión en todos los dispositivos.`,
      'Si no lo ha solicitado, ignore este mensaje: su contraseña no cambiará.',
    ],
  }),

  notifications: ({ name, items, link }) => ({
    subject: items.length === 1 ? 'Tiene una notificación nueva en Emblem' : `Tiene ${items.length} notificaciones nuevas en Emblem`,
    greeting: name ? `Hola, ${name}:` : 'Hola:',
    intro: [
      items.length === 1 ? 'Esto ha ocurrido durante su ausencia:' : 'Esto es lo que ha ocurrido durante su ausencia:',
      ...items.map(notificationLine),
    ],
    action: { label: 'Abrir las notificaciones', url: link },
    outro: ['Puede elegir qué notificaciones recibe por correo electrónico en su perfil.'],
  }),
};
