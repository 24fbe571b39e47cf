import {
  reasonPhrases,
  reasonWords,
  type ReasonPhrases,
  type TLocale,
  type TPriceChangeReasonItem,
  type TPriceChangeReasonStep,
  type TPriceStageWordKey,
} from '@tarifa/contract';
import { fromMinor } from '@tarifa/pricing';
import type { StoredRestrictions } from '../../db/schema';

/**
 * The words of the price-change CSV exports in the four languages: the statuses and headers here,
 * the reason's words from the contract's `reasonPhrases` (the one wording the web app uses too).
 * One typed table, so a language missing a phrase does not compile.
 */
interface Phrases extends ReasonPhrases {
  /** The stage of a price's life (the web app's `priceChanges:stage.*` words). */
  stages: Record<TPriceStageWordKey, string>;
  /** `decided by` of a change approved automatically. */
  automatic: string;
  /** Headers of `GET …/price-changes/export.csv`. */
  changesHeader: readonly string[];
  /** Headers of `GET …/prices/export.csv`. */
  pricesHeader: readonly string[];
}

export const phrases: Record<TLocale, Phrases> = {
  en: {
    ...reasonPhrases.en,
    stages: {
      recommended: 'Recommended',
      waiting: 'Waiting for you',
      approved: 'Approved',
      sending: 'Sending',
      sent: 'Sent',
      not_sent_no_destination: 'Not sent: no destination connected',
      not_sent_delivery_failed: 'Not sent: delivery failed',
      rejected: 'Rejected',
      superseded: 'Replaced',
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
      'Sent',
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
      'Rate plan',
      'Guests',
    ],
  },
  pt: {
    ...reasonPhrases.pt,
    stages: {
      recommended: 'Recomendado',
      waiting: 'À sua espera',
      approved: 'Aprovada',
      sending: 'A enviar',
      sent: 'Enviada',
      not_sent_no_destination: 'Não enviada: nenhum destino ligado',
      not_sent_delivery_failed: 'Não enviada: a entrega falhou',
      rejected: 'Rejeitada',
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
      'Enviada',
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
      'Tarifa',
      'Hóspedes',
    ],
  },
  fr: {
    ...reasonPhrases.fr,
    stages: {
      recommended: 'Recommandé',
      waiting: 'En attente de votre accord',
      approved: 'Approuvé',
      sending: 'Envoi en cours',
      sent: 'Envoyé',
      not_sent_no_destination: 'Non envoyé : aucune destination connectée',
      not_sent_delivery_failed: 'Non envoyé : échec de l’envoi',
      rejected: 'Refusé',
      superseded: 'Remplacé',
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
      'Envoyé',
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
      'Plan tarifaire',
      'Personnes',
    ],
  },
  ar: {
    ...reasonPhrases.ar,
    stages: {
      recommended: 'مقترح',
      waiting: 'بانتظارك',
      approved: 'موافق عليه',
      sending: 'جارٍ الإرسال',
      sent: 'أُرسل',
      not_sent_no_destination: 'لم يُرسل: لا توجد وجهة متصلة',
      not_sent_delivery_failed: 'لم يُرسل: فشل الإرسال',
      rejected: 'مرفوض',
      superseded: 'مُستبدَل',
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
      'تاريخ الإرسال',
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
      'خطة الأسعار',
      'الضيوف',
    ],
  },
};

/** A stored reason item (minor units), as `price_changes.reason` holds it. */
export interface ReasonItem {
  step: string;
  label: string;
  refId?: string | null;
  was: number | null;
  now: number | null;
  /** On the `market` step: the median (minor units) and how many competitors it came from. */
  market?: { median: number; competitors: number };
}

const major = (minor: number | null) => (minor === null ? null : fromMinor(minor));

/** A stored reason's items as the wire carries them (`reason.steps`: major units). */
export function wireReasonSteps(items: readonly ReasonItem[]): TPriceChangeReasonItem[] {
  return items.map((item) => ({
    step: item.step as TPriceChangeReasonStep,
    label: item.label,
    refId: item.refId ?? null,
    was: major(item.was),
    now: major(item.now),
    ...(item.market && {
      market: { median: fromMinor(item.market.median), competitors: item.market.competitors },
    }),
  }));
}

/**
 * A stored change's reason in words (`reason.text`, the CSV's reason): the contract's
 * `reasonWords`, given the items as the wire carries them.
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
  const { locale, currency, firstPublication, restrictions } = options;
  return reasonWords(
    { steps: wireReasonSteps(items), firstPublication, restrictions },
    { locale, currency },
  );
}

/** A restriction as a CSV cell: numbers as they are, yes or no in the caller's words. */
export const restrictionCell = (v: number | boolean | null, locale: TLocale) =>
  typeof v === 'boolean' ? (v ? phrases[locale].yes : phrases[locale].no) : v;
