import type { TLocale, TPriceChangeReasonStep, TPriceChangeStatus } from '@tarifa/contract';
import { fromMinor } from '@tarifa/pricing';
import type { StoredRestrictions } from '../../db/schema';

/**
 * The words of price changes in the four languages: the reason of a change in plain words
 * (`reason.text`), and the headers and values of the CSV exports. One typed table, so a language
 * missing a phrase does not compile.
 */
interface Phrases {
  /** Each step's name, as it starts a part of a reason. */
  steps: Record<TPriceChangeReasonStep, string>;
  /** A named step (a season, a group of occupancy levels): its name and the label quoted. */
  named: (step: string, label: string) => string;
  /** The market step's name with the median it kept the price near and its competitors. */
  market: (step: string, median: string, competitors: number) => string;
  /** What a step adds now, and what it added to the published price. */
  was: (now: string, was: string) => string;
  /** A step that no longer applies (`now` is null). */
  gone: string;
  /** A change of a night never published before. */
  first: string;
  /** A change without a step that moved (should not happen; said plainly if it does). */
  other: string;
  /** Between a step's name and its amounts (the base price has none: `Base price €100.00`). */
  colon: string;
  /** Between the parts of a reason. */
  separator: string;
  statuses: Record<TPriceChangeStatus, string>;
  /** `decided by` of a change approved automatically. */
  automatic: string;
  /** Headers of `GET …/price-changes/export.csv`. */
  changesHeader: readonly string[];
  /** Headers of `GET …/prices/export.csv`. */
  pricesHeader: readonly string[];
  /** Each stay restriction's name, as it starts a part of a reason. */
  restrictions: Record<keyof StoredRestrictions, string>;
  /** A restriction's value: a yes or no, or no maximum stay. */
  yes: string;
  no: string;
  none: string;
}

export const phrases: Record<TLocale, Phrases> = {
  en: {
    steps: {
      base: 'Base price',
      season: 'Season',
      event: 'Event',
      weekday: 'Day of the week',
      occupancy: 'Occupancy',
      lead_time: 'Booked ahead',
      market: 'Market prices',
      orphan: 'Orphan night',
      derived: 'Parent room type',
      clamp_min: 'Minimum price',
      clamp_max: 'Maximum price',
      rounding: 'Rounding',
      override: 'Manual price',
    },
    named: (step, label) => `${step} “${label}”`,
    market: (step, median, n) =>
      `${step} (median ${median}, ${n} ${n === 1 ? 'competitor' : 'competitors'})`,
    was: (now, was) => `${now} (was ${was})`,
    gone: 'no longer applies',
    first: 'First published price',
    other: 'Recalculated price',
    colon: ': ',
    separator: ' · ',
    statuses: {
      pending: 'Pending',
      approved: 'Approved',
      rejected: 'Rejected',
      published: 'Published',
      superseded: 'Superseded',
    },
    automatic: 'Automatically',
    changesHeader: [
      'Date',
      'Room code',
      'Room name',
      'Old price',
      'New price',
      'Change %',
      'Status',
      'Reason',
      'Created',
      'Decided',
      'Decided by',
      'Published',
    ],
    pricesHeader: [
      'Date',
      'Room code',
      'Room name',
      'Price',
      'Published at',
      'Minimum stay',
      'Maximum stay',
      'Closed to arrival',
      'Closed to departure',
      'Orphan night',
    ],
    restrictions: {
      minStay: 'Minimum stay',
      maxStay: 'Maximum stay',
      closedToArrival: 'Closed to arrival',
      closedToDeparture: 'Closed to departure',
      orphan: 'Orphan night',
    },
    yes: 'yes',
    no: 'no',
    none: 'none',
  },
  pt: {
    steps: {
      base: 'Preço base',
      season: 'Sazonalidade',
      event: 'Evento',
      weekday: 'Dia da semana',
      occupancy: 'Ocupação',
      lead_time: 'Antecedência',
      market: 'Preços do mercado',
      orphan: 'Noite isolada',
      derived: 'Tipo de quarto base',
      clamp_min: 'Preço mínimo',
      clamp_max: 'Preço máximo',
      rounding: 'Arredondamento',
      override: 'Preço manual',
    },
    named: (step, label) => `${step} “${label}”`,
    market: (step, median, n) =>
      `${step} (mediana ${median}, ${n} ${n === 1 ? 'concorrente' : 'concorrentes'})`,
    was: (now, was) => `${now} (era ${was})`,
    gone: 'já não se aplica',
    first: 'Primeiro preço publicado',
    other: 'Preço recalculado',
    colon: ': ',
    separator: ' · ',
    statuses: {
      pending: 'Pendente',
      approved: 'Aprovada',
      rejected: 'Rejeitada',
      published: 'Publicada',
      superseded: 'Substituída',
    },
    automatic: 'Automaticamente',
    changesHeader: [
      'Data',
      'Código do quarto',
      'Nome do quarto',
      'Preço anterior',
      'Preço novo',
      'Variação %',
      'Estado',
      'Motivo',
      'Criada',
      'Decidida',
      'Decidida por',
      'Publicada',
    ],
    pricesHeader: [
      'Data',
      'Código do quarto',
      'Nome do quarto',
      'Preço',
      'Publicado em',
      'Estadia mínima',
      'Estadia máxima',
      'Fechado à chegada',
      'Fechado à partida',
      'Noite isolada',
    ],
    restrictions: {
      minStay: 'Estadia mínima',
      maxStay: 'Estadia máxima',
      closedToArrival: 'Fechado à chegada',
      closedToDeparture: 'Fechado à partida',
      orphan: 'Noite isolada',
    },
    yes: 'sim',
    no: 'não',
    none: 'sem limite',
  },
  fr: {
    steps: {
      base: 'Prix de base',
      season: 'Saison',
      event: 'Événement',
      weekday: 'Jour de la semaine',
      occupancy: 'Occupation',
      lead_time: 'Réservé à l’avance',
      market: 'Prix du marché',
      orphan: 'Nuit isolée',
      derived: 'Type de chambre parent',
      clamp_min: 'Prix minimum',
      clamp_max: 'Prix maximum',
      rounding: 'Arrondi',
      override: 'Prix manuel',
    },
    named: (step, label) => `${step} « ${label} »`,
    market: (step, median, n) =>
      `${step} (médiane ${median}, ${n} ${n > 1 ? 'concurrents' : 'concurrent'})`,
    was: (now, was) => `${now} (avant ${was})`,
    gone: 'ne s’applique plus',
    first: 'Premier prix publié',
    other: 'Prix recalculé',
    colon: '\u00a0: ',
    separator: ' · ',
    statuses: {
      pending: 'En attente',
      approved: 'Approuvée',
      rejected: 'Refusée',
      published: 'Publiée',
      superseded: 'Remplacée',
    },
    automatic: 'Automatiquement',
    changesHeader: [
      'Date',
      'Code de la chambre',
      'Nom de la chambre',
      'Ancien prix',
      'Nouveau prix',
      'Variation %',
      'Statut',
      'Motif',
      'Créée',
      'Décidée',
      'Décidée par',
      'Publiée',
    ],
    pricesHeader: [
      'Date',
      'Code de la chambre',
      'Nom de la chambre',
      'Prix',
      'Publié le',
      'Séjour minimum',
      'Séjour maximum',
      'Fermé à l’arrivée',
      'Fermé au départ',
      'Nuit orpheline',
    ],
    restrictions: {
      minStay: 'Séjour minimum',
      maxStay: 'Séjour maximum',
      closedToArrival: 'Fermé à l’arrivée',
      closedToDeparture: 'Fermé au départ',
      orphan: 'Nuit orpheline',
    },
    yes: 'oui',
    no: 'non',
    none: 'aucun',
  },
  ar: {
    steps: {
      base: 'السعر الأساسي',
      season: 'الموسم',
      event: 'مناسبة',
      weekday: 'يوم الأسبوع',
      occupancy: 'الإشغال',
      lead_time: 'الحجز المسبق',
      market: 'أسعار السوق',
      orphan: 'ليلة منفردة',
      derived: 'نوع الغرفة الأصلي',
      clamp_min: 'الحد الأدنى للسعر',
      clamp_max: 'الحد الأقصى للسعر',
      rounding: 'التقريب',
      override: 'سعر يدوي',
    },
    named: (step, label) => `${step} «${label}»`,
    market: (step, median, n) =>
      `${step} (الوسيط ${median}، ${n} ${n === 1 ? 'منافس' : 'منافسين'})`,
    was: (now, was) => `${now} (كان ${was})`,
    gone: 'لم يعد ينطبق',
    first: 'أول سعر منشور',
    other: 'سعر أعيد حسابه',
    colon: ': ',
    separator: ' · ',
    statuses: {
      pending: 'قيد الانتظار',
      approved: 'موافق عليه',
      rejected: 'مرفوض',
      published: 'منشور',
      superseded: 'مستبدل',
    },
    automatic: 'تلقائيًا',
    changesHeader: [
      'التاريخ',
      'رمز الغرفة',
      'اسم الغرفة',
      'السعر السابق',
      'السعر الجديد',
      'التغير %',
      'الحالة',
      'السبب',
      'تاريخ الإنشاء',
      'تاريخ القرار',
      'صاحب القرار',
      'تاريخ النشر',
    ],
    pricesHeader: [
      'التاريخ',
      'رمز الغرفة',
      'اسم الغرفة',
      'السعر',
      'تاريخ النشر',
      'الحد الأدنى للإقامة',
      'الحد الأقصى للإقامة',
      'مغلق للوصول',
      'مغلق للمغادرة',
      'ليلة معزولة',
    ],
    restrictions: {
      minStay: 'الحد الأدنى للإقامة',
      maxStay: 'الحد الأقصى للإقامة',
      closedToArrival: 'مغلق للوصول',
      closedToDeparture: 'مغلق للمغادرة',
      orphan: 'ليلة معزولة',
    },
    yes: 'نعم',
    no: 'لا',
    none: 'بلا حد',
  },
};

/** A stored reason item (minor units), as `price_changes.reason` holds it. */
export interface ReasonItem {
  step: string;
  label: string;
  was: number | null;
  now: number | null;
  /** On the `market` step: the median (minor units) and how many competitors it came from. */
  market?: { median: number; competitors: number };
}

const moneyFormats = new Map<string, ReturnType<typeof makeMoneyFormat>>();

/**
 * Money of a business in a language: signed for a step's effect, plain for the base price.
 * Formatters are made once per language and currency (an export formats thousands of rows).
 */
export function moneyFormat(locale: TLocale, currency: string) {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) moneyFormats.set(key, (format = makeMoneyFormat(locale, currency)));
  return format;
}

function makeMoneyFormat(locale: TLocale, currency: string) {
  const plain = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const signed = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    signDisplay: 'exceptZero',
  });
  return {
    plain: (minor: number) => plain.format(fromMinor(minor)),
    signed: (minor: number) => signed.format(fromMinor(minor)),
  };
}

const isStep = (step: string, words: Phrases): step is TPriceChangeReasonStep =>
  Object.hasOwn(words.steps, step);

/**
 * A change's reason in words: each step that moved, with what it adds now and added to the
 * published price (`was`), e.g. `Season “Summer”: +€20.00 (was +€10.00) · Base price €100.00
 * (was €90.00)`. A night never published (`firstPublication`) says so instead.
 */
export function reasonText(
  items: readonly ReasonItem[],
  options: {
    locale: TLocale;
    currency: string;
    firstPublication: boolean;
    /** The restrictions published and proposed with the prices: those that differ are named. */
    restrictions?: { was: StoredRestrictions | null; now: StoredRestrictions | null };
  },
): string {
  const words = phrases[options.locale];
  if (options.firstPublication) return words.first;
  const stays = options.restrictions ? restrictionParts(options.restrictions, words) : [];
  if (items.length === 0 && stays.length === 0) return words.other;
  const money = moneyFormat(options.locale, options.currency);
  const steps = items.map((item) => {
    const format = item.step === 'base' ? money.plain : money.signed;
    const name = isStep(item.step, words) ? words.steps[item.step] : item.step;
    const title = item.market
      ? words.market(name, money.plain(item.market.median), item.market.competitors)
      : item.label
        ? words.named(name, item.label)
        : name;
    const now = item.now === null ? words.gone : format(item.now);
    const colon = item.step === 'base' ? ' ' : words.colon;
    return `${title}${colon}${item.was === null ? now : words.was(now, format(item.was))}`;
  });
  return [...steps, ...stays].join(words.separator);
}

const restrictionKeys = [
  'minStay',
  'maxStay',
  'closedToArrival',
  'closedToDeparture',
  'orphan',
] as const satisfies readonly (keyof StoredRestrictions)[];

/**
 * The restrictions that differ, each `Minimum stay: 1 (was 3)`. Nothing is known of restrictions
 * in changes from before they were published (either side null): nothing is said.
 */
function restrictionParts(
  r: { was: StoredRestrictions | null; now: StoredRestrictions | null },
  words: Phrases,
): string[] {
  const { was, now } = r;
  if (!was || !now) return [];
  const value = (v: number | boolean | null) =>
    v === null ? words.none : typeof v === 'boolean' ? (v ? words.yes : words.no) : String(v);
  return restrictionKeys
    .filter((key) => was[key] !== now[key])
    .map(
      (key) =>
        `${words.restrictions[key]}${words.colon}${words.was(value(now[key]), value(was[key]))}`,
    );
}

/** A restriction as a CSV cell: numbers as they are, yes or no in the caller's words. */
export const restrictionCell = (v: number | boolean | null, locale: TLocale) =>
  typeof v === 'boolean' ? (v ? phrases[locale].yes : phrases[locale].no) : v;
