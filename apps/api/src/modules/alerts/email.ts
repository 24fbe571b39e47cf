import { directionOf, type TLocale } from '@tarifa/contract';
import { escapeHtml, type EmailContent } from '../mail/templates';

/** What the urgent e-mail of a failing connection says (docs/digest-and-alerts.md). */
export interface FailingEmailValues {
  ownerName: string;
  property: string;
  /** The connection's name; null: the webhook. */
  name: string | null;
  /** How many connections (and the webhook) fail. */
  failing: number;
  minutes: number;
  lastError: string | null;
  /** The app's page to act from (absolute). */
  link: string;
}

interface FailingTexts {
  subject: (v: FailingEmailValues) => string;
  greeting: (name: string) => string;
  seen: (v: FailingEmailValues) => string;
  others: (count: number) => string;
  error: string;
  todo: string;
  action: string;
  signature: string;
}

const what: Record<TLocale, (name: string | null) => string> = {
  pt: (name) => (name === null ? 'O webhook' : `A ligação «${name}»`),
  en: (name) => (name === null ? 'The webhook' : `The connection “${name}”`),
  fr: (name) => (name === null ? 'Le webhook' : `La connexion « ${name} »`),
  ar: (name) => (name === null ? 'الـ webhook' : `الاتصال «${name}»`),
};

const texts: Record<TLocale, FailingTexts> = {
  pt: {
    subject: (v) => `Tarifa: ${v.property} não está a enviar preços`,
    greeting: (name) => `Olá ${name},`,
    seen: (v) =>
      `${what.pt(v.name)} de ${v.property} falha há ${v.minutes} minutos: os seus preços e disponibilidade não chegam lá.`,
    others: (count) => `Falham também mais ${count}.`,
    error: 'Último erro:',
    todo: 'Veja as credenciais e o estado da ligação nas integrações; o Tarifa volta a tentar sozinho.',
    action: 'Abrir as integrações',
    signature: '— Tarifa',
  },
  en: {
    subject: (v) => `Tarifa: ${v.property} is not sending prices`,
    greeting: (name) => `Hello ${name},`,
    seen: (v) =>
      `${what.en(v.name)} of ${v.property} has been failing for ${v.minutes} minutes: your prices and availability are not reaching it.`,
    others: (count) => `${count} more are failing too.`,
    error: 'Last error:',
    todo: 'Check the connection’s credentials and status under Integrations; Tarifa keeps retrying on its own.',
    action: 'Open Integrations',
    signature: '— Tarifa',
  },
  fr: {
    subject: (v) => `Tarifa : ${v.property} n’envoie plus ses prix`,
    greeting: (name) => `Bonjour ${name},`,
    seen: (v) =>
      `${what.fr(v.name)} de ${v.property} échoue depuis ${v.minutes} minutes : vos prix et disponibilités n’y arrivent pas.`,
    others: (count) => `${count} autre(s) échoue(nt) aussi.`,
    error: 'Dernière erreur :',
    todo: 'Vérifiez les identifiants et l’état de la connexion dans les intégrations ; Tarifa réessaie de lui-même.',
    action: 'Ouvrir les intégrations',
    signature: '— Tarifa',
  },
  ar: {
    subject: (v) => `Tarifa: ‏${v.property} لا يرسل الأسعار`,
    greeting: (name) => `مرحبًا ${name}،`,
    seen: (v) =>
      `${what.ar(v.name)} في ${v.property} يفشل منذ ${v.minutes} دقيقة: أسعارك وتوافرك لا تصل إليه.`,
    others: (count) => `ويفشل أيضًا ${count} غيره.`,
    error: 'آخر خطأ:',
    todo: 'تحقّق من بيانات الاعتماد وحالة الاتصال في صفحة التكاملات؛ يعيد Tarifa المحاولة من تلقاء نفسه.',
    action: 'فتح التكاملات',
    signature: '— Tarifa',
  },
};

/** The urgent alert's e-mail: a connection or the webhook failing, in the owner's language. */
export function connectionFailingEmail(locale: TLocale, values: FailingEmailValues): EmailContent {
  const t = texts[locale];
  const lines = [
    t.greeting(values.ownerName),
    t.seen(values),
    ...(values.failing > 1 ? [t.others(values.failing - 1)] : []),
    ...(values.lastError ? [`${t.error} ${values.lastError}`] : []),
    t.todo,
  ];
  const text = [...lines, `${t.action}: ${values.link}`, t.signature].join('\n\n');
  const p = (content: string) => `<p>${content}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body>`,
    ...lines.map((line) => p(escapeHtml(line))),
    p(`<a href="${escapeHtml(values.link)}">${escapeHtml(t.action)}</a>`),
    p(escapeHtml(t.signature)),
    '</body></html>',
  ].join('\n');
  return { subject: t.subject(values), text, html };
}
