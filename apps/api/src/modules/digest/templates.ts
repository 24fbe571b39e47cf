import { directionOf, type TLocale } from '@tarifa/contract';
import { escapeHtml, type EmailContent } from '../mail/templates';
import { digestTexts, type DigestTexts } from './texts';

/** A pending change as the digest lists it, with its two one-click links. */
export interface DigestChangeView {
  date: string;
  roomName: string;
  /** Major units; null: the night's first price. */
  oldPrice: number | null;
  newPrice: number;
  /** Money the change is worth (major units), null when it cannot be estimated. */
  effect: number | null;
  approveUrl: string;
  rejectUrl: string;
}

export interface DigestPropertyView {
  name: string;
  currency: string;
  /** The property's yesterday (its own calendar). */
  yesterday: string;
  bookings: number;
  cancellations: number;
  /** Major units, made less cancelled (may be negative). */
  revenue: number;
  /** Occupancy of the next 30 nights as fractions; null: no rooms, or no history then. */
  onTheBooks: number | null;
  lastYear: number | null;
  forecast: number | null;
  changes: DigestChangeView[];
  /** Pending changes beyond those listed. */
  moreChanges: number;
  changesUrl: string;
}

export interface DigestAlertView {
  kind: string;
  propertyName: string | null;
  currency: string | null;
  /** Money at stake (major units), null when it cannot be estimated. */
  value: number | null;
  url: string | null;
}

export interface DigestView {
  locale: TLocale;
  name: string;
  /** The owner's local date the digest is for. */
  date: string;
  hour: number;
  timeZone: string;
  properties: DigestPropertyView[];
  alerts: DigestAlertView[];
  settingsUrl: string;
  unsubscribeUrl: string;
}

/**
 * The region each language formats for, as the web app shows figures: Portuguese as in Portugal
 * ("830,00 €"), English as in the United Kingdom, French as in France, Arabic as `ar`.
 */
const intlTags: Record<TLocale, string> = { pt: 'pt-PT', en: 'en-GB', fr: 'fr-FR', ar: 'ar' };

/** Formats of one digest's language (dates are calendar days: formatted at UTC). */
function formats(language: TLocale) {
  const locale = intlTags[language];
  // A figure inside right-to-left text is set apart with Unicode isolates (FSI … PDI), as the
  // reason texts and the web app do: it keeps the order Intl wrote it in for Arabic (its own
  // marks included) whatever surrounds it. Left-to-right text needs nothing.
  const rtl = directionOf(language) === 'rtl';
  const iso = (text: string) => (rtl ? `\u2068${text}\u2069` : text);
  const money = new Map<string, { plain: Intl.NumberFormat; signed: Intl.NumberFormat }>();
  const moneyOf = (currency: string) => {
    let format = money.get(currency);
    if (!format) {
      const options = { style: 'currency', currency } as const;
      format = {
        plain: new Intl.NumberFormat(locale, options),
        signed: new Intl.NumberFormat(locale, { ...options, signDisplay: 'exceptZero' }),
      };
      money.set(currency, format);
    }
    return format;
  };
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const signedInt = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const longDay = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const at = (date: string) => new Date(`${date}T00:00:00Z`);
  return {
    money: (amount: number, currency: string) => iso(moneyOf(currency).plain.format(amount)),
    signedMoney: (amount: number, currency: string) => iso(moneyOf(currency).signed.format(amount)),
    percent: (share: number) => iso(percent.format(share)),
    points: (now: number, then: number) => iso(signedInt.format(Math.round((now - then) * 100))),
    /** From the old price to the new, pointing the way the text reads. */
    arrow: rtl ? '←' : '→',
    count: (n: number) => new Intl.NumberFormat(locale).format(n),
    day: (date: string) => day.format(at(date)),
    longDay: (date: string) => longDay.format(at(date)),
    hour: (hour: number) =>
      new Intl.DateTimeFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(2000, 0, 1, hour))),
  };
}
type Formats = ReturnType<typeof formats>;

/** The line of an alert: its kind's words (or the kind itself), the property, the money. */
function alertLine(alert: DigestAlertView, t: DigestTexts, f: Formats) {
  const title = t.alertKinds[alert.kind] ?? t.alertOther(alert.kind.replace(/^alert_/, ''));
  const stake =
    alert.value !== null && alert.currency
      ? `${t.atStake}: ${f.money(alert.value, alert.currency)}`
      : null;
  return { title, stake };
}

/**
 * The price column: "100,00 € → 120,00 €", or the new price and "first price"; `amount` wraps
 * each amount (the HTML part keeps one on one line).
 */
const priceText = (
  change: DigestChangeView,
  currency: string,
  t: DigestTexts,
  f: Formats,
  amount = (text: string) => text,
) =>
  change.oldPrice === null
    ? `${amount(f.money(change.newPrice, currency))} (${t.firstPrice})`
    : `${amount(f.money(change.oldPrice, currency))} ${f.arrow} ${amount(f.money(change.newPrice, currency))}`;

/** An occupancy and how far it is from the one now ("35 % (+7 pts)"). */
function versus(now: number | null, then: number | null, t: DigestTexts, f: Formats) {
  if (then === null) return t.noFigure;
  return now === null ? f.percent(then) : `${f.percent(then)} (${t.points(f.points(now, then))})`;
}

function textPart(view: DigestView, t: DigestTexts, f: Formats): string {
  const lines: string[] = [t.greeting(view.name), '', t.intro];
  for (const p of view.properties) {
    lines.push('', `== ${p.name} ==`, '', t.yesterday(f.longDay(p.yesterday)));
    lines.push(`- ${t.bookings}: ${f.count(p.bookings)}`);
    lines.push(`- ${t.cancellations}: ${f.count(p.cancellations)}`);
    lines.push(`- ${t.revenue}: ${f.money(p.revenue, p.currency)}`);
    lines.push('', t.next30);
    lines.push(
      `- ${t.onTheBooks}: ${p.onTheBooks === null ? t.noFigure : f.percent(p.onTheBooks)}`,
    );
    lines.push(`- ${t.lastYear}: ${versus(p.onTheBooks, p.lastYear, t, f)}`);
    lines.push(`- ${t.forecast}: ${versus(p.onTheBooks, p.forecast, t, f)}`);
    lines.push('');
    if (p.changes.length === 0) {
      lines.push(t.noChanges);
      continue;
    }
    lines.push(t.changesTitle(p.changes.length + p.moreChanges), t.changesHow);
    for (const c of p.changes) {
      const effect =
        c.effect === null ? '' : ` · ${t.effect}: ${f.signedMoney(c.effect, p.currency)}`;
      lines.push(
        '',
        `* ${f.day(c.date)} · ${c.roomName} · ${priceText(c, p.currency, t, f)}${effect}`,
        `  ${t.approve}: ${c.approveUrl}`,
        `  ${t.reject}: ${c.rejectUrl}`,
      );
    }
    if (p.moreChanges > 0) lines.push('', t.more(p.moreChanges));
    lines.push('', `${t.review}: ${p.changesUrl}`);
  }
  if (view.properties.some((p) => p.changes.length)) lines.push('', t.linksNote);
  if (view.alerts.length) {
    lines.push('', `== ${t.alertsTitle} ==`);
    for (const alert of view.alerts) {
      const { title, stake } = alertLine(alert, t, f);
      lines.push('', `* ${title}${alert.propertyName ? ` · ${alert.propertyName}` : ''}`);
      if (stake) lines.push(`  ${stake}`);
      if (alert.url) lines.push(`  ${t.open}: ${alert.url}`);
    }
  }
  lines.push(
    '',
    '--',
    t.footer(f.hour(view.hour), view.timeZone),
    `${t.settings}: ${view.settingsUrl}`,
    `${t.unsubscribe}: ${view.unsubscribeUrl}`,
  );
  return lines.join('\n');
}

/** Inline styles only: mail clients drop `<style>` and never load what is outside the email. */
const ink = '#2f2b3d';
const muted = '#6d6b77';
const primary = '#5b4fd6';
const line = '#e6e6e8';

function htmlPart(view: DigestView, t: DigestTexts, f: Formats): string {
  const dir = directionOf(view.locale);
  const start = dir === 'rtl' ? 'right' : 'left';
  const end = dir === 'rtl' ? 'left' : 'right';
  const e = escapeHtml;
  const font = `font-family:Arial,Helvetica,sans-serif;color:${ink}`;
  const td = (content: string, style = '') =>
    `<td style="padding:6px 8px;text-align:${start};vertical-align:top;${style}">${content}</td>`;
  const button = (href: string, label: string, color: string) =>
    `<a href="${e(href)}" style="display:inline-block;padding:6px 12px;margin:2px;border-radius:4px;background:${color};color:#ffffff;text-decoration:none;font-weight:bold;font-size:13px">${e(label)}</a>`;
  const link = (href: string, label: string) =>
    `<a href="${e(href)}" style="color:${primary}">${e(label)}</a>`;
  const heading = (text: string, size = 18) =>
    `<h2 style="margin:24px 0 8px;font-size:${size}px;${font}">${e(text)}</h2>`;
  const paragraph = (text: string, style = '') =>
    `<p style="margin:8px 0;line-height:1.5;${style}">${text}</p>`;
  /** Label-and-figure boxes side by side (they wrap on a narrow screen). */
  const figures = (items: { label: string; value: string | null; note?: string }[]) =>
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="border-collapse:collapse"><tr>${items
      .map((item) =>
        td(
          `<div style="font-size:12px;color:${muted}">${e(item.label)}</div>${item.value === null ? `<div style="font-size:14px;color:${muted};padding-top:4px">${e(t.noFigure)}</div>` : `<div style="font-size:20px;font-weight:bold">${e(item.value)}</div>`}${item.note ? `<div style="font-size:12px;color:${muted}">${e(item.note)}</div>` : ''}`,
          `border:1px solid ${line};width:${Math.floor(100 / items.length)}%`,
        ),
      )
      .join('')}</tr></table>`;

  const parts: string[] = [
    paragraph(e(t.greeting(view.name)), 'font-size:16px;font-weight:bold'),
    paragraph(e(t.intro)),
  ];
  for (const p of view.properties) {
    parts.push(
      `<div style="border-top:3px solid ${primary};margin-top:24px"></div>`,
      heading(p.name, 20),
      paragraph(e(t.yesterday(f.longDay(p.yesterday))), `color:${muted}`),
      figures([
        { label: t.bookings, value: f.count(p.bookings) },
        { label: t.cancellations, value: f.count(p.cancellations) },
        { label: t.revenue, value: f.money(p.revenue, p.currency) },
      ]),
      heading(t.next30, 16),
      figures([
        {
          label: t.onTheBooks,
          value: p.onTheBooks === null ? null : f.percent(p.onTheBooks),
        },
        {
          label: t.lastYear,
          value: p.lastYear === null ? null : f.percent(p.lastYear),
          note:
            p.lastYear !== null && p.onTheBooks !== null
              ? t.points(f.points(p.onTheBooks, p.lastYear))
              : undefined,
        },
        {
          label: t.forecast,
          value: p.forecast === null ? null : f.percent(p.forecast),
          note:
            p.forecast !== null && p.onTheBooks !== null
              ? t.points(f.points(p.onTheBooks, p.forecast))
              : undefined,
        },
      ]),
    );
    if (p.changes.length === 0) {
      parts.push(paragraph(e(t.noChanges)));
      continue;
    }
    const head = [t.night, t.room, t.price, t.effect, '']
      .map((label) => td(e(label), `font-size:12px;color:${muted};border-bottom:1px solid ${line}`))
      .join('');
    const rows = p.changes
      .map((c) =>
        [
          td(e(f.day(c.date)), 'white-space:nowrap'),
          td(e(c.roomName)),
          td(
            priceText(
              c,
              p.currency,
              t,
              f,
              (text) => `<span style="white-space:nowrap">${e(text)}</span>`,
            ),
          ),
          td(
            c.effect === null ? '' : e(f.signedMoney(c.effect, p.currency)),
            'white-space:nowrap;font-weight:bold',
          ),
          td(
            button(c.approveUrl, t.approve, '#1b7f4b') + button(c.rejectUrl, t.reject, '#b3261e'),
            `white-space:nowrap;text-align:${end}`,
          ),
        ].join(''),
      )
      .map((cells) => `<tr style="border-bottom:1px solid ${line}">${cells}</tr>`)
      .join('');
    parts.push(
      heading(t.changesTitle(p.changes.length + p.moreChanges), 16),
      paragraph(e(t.changesHow), `font-size:13px;color:${muted}`),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="border-collapse:collapse;font-size:14px"><tr>${head}</tr>${rows}</table>`,
      paragraph(
        `${p.moreChanges > 0 ? `${e(t.more(p.moreChanges))} ` : ''}${link(p.changesUrl, t.review)}`,
      ),
    );
  }
  if (view.properties.some((p) => p.changes.length)) {
    parts.push(paragraph(e(t.linksNote), `font-size:12px;color:${muted}`));
  }
  if (view.alerts.length) {
    parts.push(`<div style="border-top:3px solid ${primary};margin-top:24px"></div>`);
    parts.push(heading(t.alertsTitle, 20));
    const rows = view.alerts
      .map((alert) => {
        const { title, stake } = alertLine(alert, t, f);
        const about = [alert.propertyName, stake].filter(Boolean).join(' · ');
        return `<tr>${td(
          `<div style="font-weight:bold">${e(title)}</div>${about ? `<div style="font-size:13px;color:${muted}">${e(about)}</div>` : ''}`,
          `border-bottom:1px solid ${line}`,
        )}${td(alert.url ? link(alert.url, t.open) : '', `border-bottom:1px solid ${line};text-align:${end};white-space:nowrap`)}</tr>`;
      })
      .join('');
    parts.push(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="border-collapse:collapse;font-size:14px">${rows}</table>`,
    );
  }
  parts.push(
    `<div style="border-top:1px solid ${line};margin-top:24px"></div>`,
    paragraph(
      `${e(t.footer(f.hour(view.hour), view.timeZone))}<br>${link(view.settingsUrl, t.settings)} · ${link(view.unsubscribeUrl, t.unsubscribe)}`,
      `font-size:12px;color:${muted}`,
    ),
  );

  return [
    '<!doctype html>',
    `<html lang="${view.locale}" dir="${dir}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(t.subject(f.longDay(view.date), 0))}</title></head>`,
    `<body dir="${dir}" style="margin:0;padding:0;background:#f4f4f6;${font}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="background:#f4f4f6"><tr><td align="center" style="padding:16px 8px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:680px;background:#ffffff;border-radius:8px;text-align:${start}"><tr><td style="padding:24px;${font};font-size:14px">`,
    `<div style="font-size:22px;font-weight:bold;color:${primary}">Tarifa</div>`,
    ...parts,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}

/** The morning digest in the owner's language: a plain-text and an HTML part. */
export function digestEmail(view: DigestView): EmailContent {
  const t = digestTexts[view.locale];
  const f = formats(view.locale);
  const pending = view.properties.reduce((sum, p) => sum + p.changes.length + p.moreChanges, 0);
  return {
    subject: t.subject(f.longDay(view.date), pending),
    text: textPart(view, t, f),
    html: htmlPart(view, t, f),
  };
}
