import type { TLocale } from './locales';
import type { TPriceChangeReasonItem, TPriceChangeReasonStep } from './price-changes';
import type { TCellRestrictions } from './prices';

/**
 * The one wording of a price change's reason, in the four languages: the API's `reason.text` and
 * CSV export and the web app's tables and calendar all word a reason through `reasonWords`. The
 * reason itself travels as data (`reason.steps`, the restrictions on the change); only this file
 * turns it into a sentence. One typed table, so a language missing a phrase does not compile.
 */
export interface ReasonPhrases {
  /** Each step's name, as it starts a part of a reason (also the list's "reason" filter). */
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
  /** Each stay restriction's name, as it starts a part of a reason. */
  restrictions: Record<ReasonRestriction, string>;
  /** A restriction's value: a yes or no, or no maximum stay. */
  yes: string;
  no: string;
  none: string;
}

const restrictionKeys = [
  'minStay',
  'maxStay',
  'closedToArrival',
  'closedToDeparture',
  'orphan',
] as const satisfies readonly (keyof TCellRestrictions)[];
type ReasonRestriction = (typeof restrictionKeys)[number];

export const reasonPhrases: Record<TLocale, ReasonPhrases> = {
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
    first: 'First price for the night',
    other: 'Recalculated price',
    colon: ': ',
    separator: ' · ',
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
    first: 'Primeiro preço da noite',
    other: 'Preço recalculado',
    colon: ': ',
    separator: ' · ',
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
    first: 'Premier prix de la nuit',
    other: 'Prix recalculé',
    colon: '\u00a0: ',
    separator: ' · ',
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
    first: 'أول سعر لهذه الليلة',
    other: 'سعر أعيد حسابه',
    colon: ': ',
    separator: ' · ',
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

/** A reason step as `reasonWords` reads it: the wire's item (money in major units). */
type ReasonWordsStep = Pick<TPriceChangeReasonItem, 'label' | 'was' | 'now' | 'market'> & {
  /** A step of the contract; a step this version does not know is named as it is. */
  step: string;
};

/** What a reason is worded from: its steps, whether the night was ever published, restrictions. */
interface ReasonWordsInput {
  steps: readonly ReasonWordsStep[];
  /** A night never published before: its first price, said as such. */
  firstPublication: boolean;
  /** The restrictions published and proposed with the prices: those that differ are named. */
  restrictions?: {
    was: Pick<TCellRestrictions, ReasonRestriction> | null;
    now: Pick<TCellRestrictions, ReasonRestriction> | null;
  };
}

const moneyFormats = new Map<string, { plain: Intl.NumberFormat; signed: Intl.NumberFormat }>();

/** Money in a language: signed for a step's effect, plain for a base price (made once each). */
function moneyFormat(intlLocale: string, currency: string) {
  const key = `${intlLocale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const options = { style: 'currency', currency } as const;
    format = {
      plain: new Intl.NumberFormat(intlLocale, options),
      signed: new Intl.NumberFormat(intlLocale, { ...options, signDisplay: 'exceptZero' }),
    };
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * A part whose direction is its own, set apart from the sentence around it with Unicode isolates
 * (FSI … PDI): a Latin season name or an amount inside an Arabic reason keeps its order, and the
 * sentence keeps its own. Invisible, and harmless in a left-to-right language.
 */
const isolate = (text: string) => `\u2068${text}\u2069`;

const isStep = (step: string, words: ReasonPhrases): step is TPriceChangeReasonStep =>
  Object.hasOwn(words.steps, step);

/**
 * A change's reason in words: each step that moved, with what it adds now and added to the
 * published price (`was`), then each restriction that differs, e.g. `Season “Summer”: +€20.00
 * (was +€10.00) · Base price €100.00 (was €90.00) · Minimum stay: 1 (was 3)`. A night never
 * published says so instead. Names and amounts are isolated (`isolate`), so a reason reads right
 * in Arabic too. `intlLocale` is the tag money is formatted with (the language's by default; the
 * web app gives its region's, as for every other amount it shows).
 */
export function reasonWords(
  reason: ReasonWordsInput,
  options: { locale: TLocale; currency: string; intlLocale?: string },
): string {
  const words = reasonPhrases[options.locale];
  if (reason.firstPublication) return words.first;
  const stays = reason.restrictions ? restrictionParts(reason.restrictions, words) : [];
  if (reason.steps.length === 0 && stays.length === 0) return words.other;
  const money = moneyFormat(options.intlLocale ?? options.locale, options.currency);
  const steps = reason.steps.map((item) => {
    const format = (amount: number) =>
      isolate((item.step === 'base' ? money.plain : money.signed).format(amount));
    const name = isStep(item.step, words) ? words.steps[item.step] : item.step;
    const title = item.market
      ? words.market(name, isolate(money.plain.format(item.market.median)), item.market.competitors)
      : item.label
        ? words.named(name, isolate(item.label))
        : name;
    const now = item.now === null ? words.gone : format(item.now);
    const colon = item.step === 'base' ? ' ' : words.colon;
    return `${title}${colon}${item.was === null ? now : words.was(now, format(item.was))}`;
  });
  return [...steps, ...stays].join(words.separator);
}

/**
 * The restrictions that differ, each `Minimum stay: 1 (was 3)`. Nothing is known of restrictions
 * in changes from before they were published (either side null): nothing is said.
 */
function restrictionParts(
  { was, now }: NonNullable<ReasonWordsInput['restrictions']>,
  words: ReasonPhrases,
): string[] {
  if (!was || !now) return [];
  const value = (v: number | boolean | null) =>
    v === null
      ? words.none
      : typeof v === 'boolean'
        ? v
          ? words.yes
          : words.no
        : isolate(String(v));
  return restrictionKeys
    .filter((key) => was[key] !== now[key])
    .map(
      (key) =>
        `${words.restrictions[key]}${words.colon}${words.was(value(now[key]), value(was[key]))}`,
    );
}
