import type { TLocale } from '@tarifa/contract';
import { directionOf } from '@tarifa/contract';

/** What the mail service stores and sends. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

interface ResetTexts {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  singleUse: string;
  action: string;
  signature: string;
}

/** The password reset email, in each interface language (pt, en, fr, ar). Link valid for one hour. */
const resetTexts: Record<TLocale, ResetTexts> = {
  pt: {
    subject: 'Redefinir a sua palavra-passe do Tarifa',
    greeting: (name) => `Olá ${name},`,
    intro:
      'Recebemos um pedido para redefinir a palavra-passe da sua conta Tarifa. Para escolher uma nova, abra esta ligação na próxima hora:',
    action: 'Escolher uma nova palavra-passe',
    singleUse:
      'A ligação só pode ser usada uma vez. Se não fez este pedido, ignore este email: a sua palavra-passe continua a mesma.',
    signature: '— Tarifa',
  },
  en: {
    subject: 'Reset your Tarifa password',
    greeting: (name) => `Hello ${name},`,
    intro:
      'We received a request to reset the password of your Tarifa account. To choose a new one, open this link within the next hour:',
    action: 'Choose a new password',
    singleUse:
      'The link works only once. If you did not ask for this, ignore this email: your password stays the same.',
    signature: '— Tarifa',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Tarifa',
    greeting: (name) => `Bonjour ${name},`,
    intro:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Tarifa. Pour en choisir un nouveau, ouvrez ce lien dans l’heure qui vient :',
    action: 'Choisir un nouveau mot de passe',
    singleUse:
      'Le lien ne fonctionne qu’une seule fois. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    signature: '— Tarifa',
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور Tarifa',
    greeting: (name) => `مرحبًا ${name}،`,
    intro:
      'تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في Tarifa. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال الساعة القادمة:',
    action: 'اختيار كلمة مرور جديدة',
    singleUse:
      'لا يمكن استخدام الرابط إلا مرة واحدة. إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    signature: '— Tarifa',
  },
};

/** Text made safe inside HTML (element content and quoted attributes). */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function passwordResetEmail(
  locale: TLocale,
  values: { name: string; link: string },
): EmailContent {
  const t = resetTexts[locale];
  const text = [t.greeting(values.name), t.intro, values.link, t.singleUse, t.signature].join(
    '\n\n',
  );
  const p = (content: string) => `<p>${content}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body>`,
    p(escapeHtml(t.greeting(values.name))),
    p(escapeHtml(t.intro)),
    p(`<a href="${escapeHtml(values.link)}">${escapeHtml(t.action)}</a>`),
    p(escapeHtml(values.link)),
    p(escapeHtml(t.singleUse)),
    p(escapeHtml(t.signature)),
    '</body></html>',
  ].join('\n');
  return { subject: t.subject, text, html };
}
