import { directionOf, type TLocale, type TMemberRole } from '@tarifa/contract';
import { escapeHtml, type EmailContent } from '../mail/templates';

interface InvitationTexts {
  subject: (property: string) => string;
  intro: (inviter: string, property: string, role: string) => string;
  action: string;
  expiry: (days: number) => string;
  ignore: string;
  roles: Record<TMemberRole, string>;
  signature: string;
}

/** The invitation e-mail, in the language of whoever sends it (the recipient may have none yet). */
const texts: Record<TLocale, InvitationTexts> = {
  pt: {
    subject: (property) => `Convite para a equipa de ${property} no Tarifa`,
    intro: (inviter, property, role) =>
      `${inviter} convidou-o para a equipa de ${property} no Tarifa, como ${role}. Para aceitar, abra esta ligação:`,
    action: 'Aceitar o convite',
    expiry: (days) =>
      `A ligação funciona uma vez, durante ${days} dias. Se ainda não tem conta, pode criá-la a partir dela, com este endereço.`,
    ignore: 'Se não esperava este convite, ignore este email.',
    roles: {
      manager: 'gestor',
      revenue: 'gestor de receita',
      front_desk: 'receção',
      viewer: 'leitor',
    },
    signature: '— Tarifa',
  },
  en: {
    subject: (property) => `You're invited to the ${property} team on Tarifa`,
    intro: (inviter, property, role) =>
      `${inviter} invited you to the team of ${property} on Tarifa, as ${role}. To accept, open this link:`,
    action: 'Accept the invitation',
    expiry: (days) =>
      `The link works once, for ${days} days. If you have no account yet, you can create one from it, with this address.`,
    ignore: 'If you did not expect this invitation, ignore this email.',
    roles: {
      manager: 'manager',
      revenue: 'revenue manager',
      front_desk: 'front desk',
      viewer: 'viewer',
    },
    signature: '— Tarifa',
  },
  fr: {
    subject: (property) => `Invitation à rejoindre l’équipe de ${property} sur Tarifa`,
    intro: (inviter, property, role) =>
      `${inviter} vous invite à rejoindre l’équipe de ${property} sur Tarifa, en tant que ${role}. Pour accepter, ouvrez ce lien :`,
    action: 'Accepter l’invitation',
    expiry: (days) =>
      `Le lien ne fonctionne qu’une fois, pendant ${days} jours. Si vous n’avez pas encore de compte, vous pouvez le créer depuis ce lien, avec cette adresse.`,
    ignore: 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
    roles: {
      manager: 'gérant',
      revenue: 'responsable revenus',
      front_desk: 'réception',
      viewer: 'lecteur',
    },
    signature: '— Tarifa',
  },
  ar: {
    subject: (property) => `دعوة للانضمام إلى فريق ${property} على Tarifa`,
    intro: (inviter, property, role) =>
      `دعاك ${inviter} للانضمام إلى فريق ${property} على Tarifa بصفة ${role}. لقبول الدعوة، افتح هذا الرابط:`,
    action: 'قبول الدعوة',
    expiry: (days) =>
      `لا يعمل الرابط إلا مرة واحدة، لمدة ${days} أيام. إن لم يكن لديك حساب بعد، يمكنك إنشاؤه منه بهذا العنوان.`,
    ignore: 'إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة.',
    roles: {
      manager: 'مدير',
      revenue: 'مدير الإيرادات',
      front_desk: 'الاستقبال',
      viewer: 'مُطّلع',
    },
    signature: '— Tarifa',
  },
};

export function invitationEmail(
  locale: TLocale,
  values: { inviter: string; property: string; role: TMemberRole; link: string; days: number },
): EmailContent {
  const t = texts[locale];
  const intro = t.intro(values.inviter, values.property, t.roles[values.role]);
  const text = [intro, values.link, t.expiry(values.days), t.ignore, t.signature].join('\n\n');
  const p = (content: string) => `<p>${content}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body>`,
    p(escapeHtml(intro)),
    p(`<a href="${escapeHtml(values.link)}">${escapeHtml(t.action)}</a>`),
    p(escapeHtml(values.link)),
    p(escapeHtml(t.expiry(values.days))),
    p(escapeHtml(t.ignore)),
    p(escapeHtml(t.signature)),
    '</body></html>',
  ].join('\n');
  return { subject: t.subject(values.property), text, html };
}
