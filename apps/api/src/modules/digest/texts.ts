import type { TLocale } from '@tarifa/contract';

/** The words of the morning digest in each interface language (docs/digest-and-alerts.md). */
export interface DigestTexts {
  subject: (date: string, pending: number) => string;
  greeting: (name: string) => string;
  intro: string;
  yesterday: (date: string) => string;
  bookings: string;
  cancellations: string;
  revenue: string;
  next30: string;
  onTheBooks: string;
  lastYear: string;
  forecast: string;
  noFigure: string;
  /** A difference in percentage points, e.g. "+7 pts". */
  points: (signed: string) => string;
  changesTitle: (count: number) => string;
  changesHow: string;
  night: string;
  room: string;
  price: string;
  effect: string;
  firstPrice: string;
  approve: string;
  reject: string;
  more: (count: number) => string;
  review: string;
  noChanges: string;
  linksNote: string;
  alertsTitle: string;
  alertKinds: Record<string, string>;
  alertOther: (kind: string) => string;
  atStake: string;
  open: string;
  footer: (time: string, zone: string) => string;
  settings: string;
  unsubscribe: string;
}

export const digestTexts: Record<TLocale, DigestTexts> = {
  pt: {
    subject: (date, pending) =>
      pending > 0
        ? `Tarifa · Resumo da manhã de ${date}: ${pending} alteraç${pending === 1 ? 'ão' : 'ões'} de preço à espera`
        : `Tarifa · Resumo da manhã de ${date}`,
    greeting: (name) => `Bom dia, ${name}.`,
    intro: 'Eis como correu o dia de ontem e o que espera por si hoje.',
    yesterday: (date) => `Ontem, ${date}`,
    bookings: 'Reservas feitas',
    cancellations: 'Cancelamentos',
    revenue: 'Receita ganha',
    next30: 'As próximas 30 noites',
    onTheBooks: 'Ocupação reservada',
    lastYear: 'Há um ano, à mesma distância',
    forecast: 'Previsão',
    noFigure: 'sem dados',
    points: (signed) => `${signed} p.p.`,
    changesTitle: (count) => `Alterações de preço à espera (${count})`,
    changesHow:
      'As de maior efeito em dinheiro primeiro: (preço novo − preço atual) × os quartos que a previsão ainda espera vender nessa noite.',
    night: 'Noite',
    room: 'Quarto',
    price: 'Preço',
    effect: 'Efeito',
    firstPrice: 'primeiro preço',
    approve: 'Aprovar',
    reject: 'Rejeitar',
    more: (count) => `Mais ${count} à espera.`,
    review: 'Rever as alterações no Tarifa',
    noChanges: 'Nenhuma alteração de preço espera por si.',
    linksNote:
      'Cada ligação de aprovar ou rejeitar funciona uma vez, durante 48 horas, e só enquanto a alteração estiver como aqui aparece.',
    alertsTitle: 'Alertas',
    alertKinds: {
      alert_connection_failing: 'Uma ligação ou webhook falha há mais de 15 minutos',
      alert_sold_out_early: 'Uma noite esgotou muito cedo: o preço estará baixo?',
      alert_price_at_bound: 'Preços presos no mínimo ou no máximo',
      alert_pace_behind: 'O ritmo de reservas das próximas 30 noites está atrás do ano passado',
      alert_event_uncovered: 'Um evento ou feriado sem época nem regra de evento',
      alert_forecast_error: 'O erro recente da previsão está muito acima do habitual',
    },
    alertOther: (kind) => `Alerta: ${kind}`,
    atStake: 'Em jogo',
    open: 'Abrir no Tarifa',
    footer: (time, zone) => `Recebe este email todas as manhãs às ${time} (${zone}).`,
    settings: 'Mudar a hora ou desligá-lo nas definições da conta',
    unsubscribe: 'Deixar de receber este email',
  },
  en: {
    subject: (date, pending) =>
      pending > 0
        ? `Tarifa · Morning digest for ${date}: ${pending} price change${pending === 1 ? '' : 's'} waiting`
        : `Tarifa · Morning digest for ${date}`,
    greeting: (name) => `Good morning, ${name}.`,
    intro: 'Here is how yesterday went and what waits for you today.',
    yesterday: (date) => `Yesterday, ${date}`,
    bookings: 'Bookings made',
    cancellations: 'Cancellations',
    revenue: 'Revenue picked up',
    next30: 'The next 30 nights',
    onTheBooks: 'Occupancy on the books',
    lastYear: 'A year ago, at the same lead',
    forecast: 'Forecast',
    noFigure: 'no data',
    points: (signed) => `${signed} pts`,
    changesTitle: (count) => `Price changes waiting (${count})`,
    changesHow:
      'The largest effect in money first: (new price − current price) × the rooms the forecast still expects to sell that night.',
    night: 'Night',
    room: 'Room',
    price: 'Price',
    effect: 'Effect',
    firstPrice: 'first price',
    approve: 'Approve',
    reject: 'Reject',
    more: (count) => `${count} more waiting.`,
    review: 'Review the changes in Tarifa',
    noChanges: 'No price change is waiting for you.',
    linksNote:
      'Each approve or reject link works once, for 48 hours, and only while the change is still as shown here.',
    alertsTitle: 'Alerts',
    alertKinds: {
      alert_connection_failing: 'A connection or webhook has been failing for over 15 minutes',
      alert_sold_out_early: 'A night sold out far ahead: is it priced too low?',
      alert_price_at_bound: 'Prices held at the minimum or the maximum',
      alert_pace_behind: 'Booking pace for the next 30 nights is behind last year',
      alert_event_uncovered: 'An event or holiday without a season or an event rule',
      alert_forecast_error: 'The forecast’s recent error is well above its usual',
    },
    alertOther: (kind) => `Alert: ${kind}`,
    atStake: 'At stake',
    open: 'Open in Tarifa',
    footer: (time, zone) => `You get this email every morning at ${time} (${zone}).`,
    settings: 'Change the hour or turn it off in your account settings',
    unsubscribe: 'Stop this email',
  },
  fr: {
    subject: (date, pending) =>
      pending > 0
        ? `Tarifa · Résumé du matin du ${date} : ${pending} changement${pending === 1 ? '' : 's'} de prix en attente`
        : `Tarifa · Résumé du matin du ${date}`,
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Voici comment s’est passée la journée d’hier et ce qui vous attend aujourd’hui.',
    yesterday: (date) => `Hier, ${date}`,
    bookings: 'Réservations faites',
    cancellations: 'Annulations',
    revenue: 'Chiffre d’affaires gagné',
    next30: 'Les 30 prochaines nuits',
    onTheBooks: 'Occupation réservée',
    lastYear: 'Il y a un an, au même délai',
    forecast: 'Prévision',
    noFigure: 'pas de données',
    points: (signed) => `${signed} pts`,
    changesTitle: (count) => `Changements de prix en attente (${count})`,
    changesHow:
      'Les plus gros effets en argent d’abord : (nouveau prix − prix actuel) × les chambres que la prévision compte encore vendre cette nuit-là.',
    night: 'Nuit',
    room: 'Chambre',
    price: 'Prix',
    effect: 'Effet',
    firstPrice: 'premier prix',
    approve: 'Approuver',
    reject: 'Refuser',
    more: (count) => `${count} de plus en attente.`,
    review: 'Revoir les changements dans Tarifa',
    noChanges: 'Aucun changement de prix ne vous attend.',
    linksNote:
      'Chaque lien d’approbation ou de refus ne fonctionne qu’une fois, pendant 48 heures, et seulement tant que le changement est tel qu’il apparaît ici.',
    alertsTitle: 'Alertes',
    alertKinds: {
      alert_connection_failing: 'Une connexion ou un webhook échoue depuis plus de 15 minutes',
      alert_sold_out_early: 'Une nuit complète très tôt : son prix est-il trop bas ?',
      alert_price_at_bound: 'Des prix bloqués au minimum ou au maximum',
      alert_pace_behind:
        'Le rythme des réservations des 30 prochaines nuits est en retard sur l’an dernier',
      alert_event_uncovered: 'Un événement ou un jour férié sans saison ni règle d’événement',
      alert_forecast_error: 'L’erreur récente de la prévision est bien au-dessus de l’habitude',
    },
    alertOther: (kind) => `Alerte : ${kind}`,
    atStake: 'En jeu',
    open: 'Ouvrir dans Tarifa',
    footer: (time, zone) => `Vous recevez cet e-mail chaque matin à ${time} (${zone}).`,
    settings: 'Changer l’heure ou le désactiver dans les paramètres du compte',
    unsubscribe: 'Ne plus recevoir cet e-mail',
  },
  ar: {
    subject: (date, pending) =>
      pending > 0
        ? `Tarifa · ملخص صباح ${date}: تغييرات أسعار بانتظارك (${pending})`
        : `Tarifa · ملخص صباح ${date}`,
    greeting: (name) => `صباح الخير يا ${name}.`,
    intro: 'إليك كيف سار يوم أمس وما ينتظرك اليوم.',
    yesterday: (date) => `أمس، ${date}`,
    bookings: 'الحجوزات المُنجزة',
    cancellations: 'الإلغاءات',
    revenue: 'الإيرادات المكتسبة',
    next30: 'الليالي الثلاثون القادمة',
    onTheBooks: 'الإشغال المحجوز',
    lastYear: 'قبل عام، بالمهلة نفسها',
    forecast: 'التوقّع',
    noFigure: 'لا بيانات',
    points: (signed) => `${signed} نقطة`,
    changesTitle: (count) => `تغييرات أسعار بانتظارك (${count})`,
    changesHow:
      'الأكبر أثرًا بالمال أولًا: (السعر الجديد − السعر الحالي) × الغرف التي لا يزال التوقّع ينتظر بيعها في تلك الليلة.',
    night: 'الليلة',
    room: 'الغرفة',
    price: 'السعر',
    effect: 'الأثر',
    firstPrice: 'أول سعر',
    approve: 'موافقة',
    reject: 'رفض',
    more: (count) => `بانتظارك أيضًا: ${count}.`,
    review: 'مراجعة التغييرات في Tarifa',
    noChanges: 'لا يوجد أي تغيير أسعار بانتظارك.',
    linksNote: 'يعمل كل رابط موافقة أو رفض مرة واحدة، لمدة 48 ساعة، وما دام التغيير كما يظهر هنا.',
    alertsTitle: 'التنبيهات',
    alertKinds: {
      alert_connection_failing: 'اتصال أو webhook يفشل منذ أكثر من 15 دقيقة',
      alert_sold_out_early: 'ليلة نفدت غرفها مبكرًا جدًا: هل سعرها منخفض؟',
      alert_price_at_bound: 'أسعار ثابتة عند الحد الأدنى أو الأقصى',
      alert_pace_behind: 'وتيرة الحجز لليالي الثلاثين القادمة متأخرة عن العام الماضي',
      alert_event_uncovered: 'حدث أو عطلة بلا موسم ولا قاعدة حدث',
      alert_forecast_error: 'خطأ التوقّع الأخير أعلى بكثير من المعتاد',
    },
    alertOther: (kind) => `تنبيه: ${kind}`,
    atStake: 'المبلغ المعني',
    open: 'فتح في Tarifa',
    footer: (time, zone) => `تصلك هذه الرسالة كل صباح في الساعة ${time} (${zone}).`,
    settings: 'غيّر الساعة أو أوقفها من إعدادات الحساب',
    unsubscribe: 'إيقاف هذه الرسالة',
  },
};
