/** The support center's categories, in the order shown; each has its questions in `support:faq`. */
export const faqCategories = ['pricing', 'seasons', 'fluctuation', 'imports', 'analytics'] as const;
export type FaqCategory = (typeof faqCategories)[number];

/**
 * The questions of each category, by key: `support:faq.<category>.<key>.q` is the question and
 * `….a` the answer.
 */
export const faqQuestions: Record<FaqCategory, string[]> = {
  pricing: ['howRecommended', 'whereCalendar', 'minMax', 'override', 'weekdays', 'rounding'],
  seasons: ['whatIs', 'overlap', 'weekdaysOnly', 'adjustmentTypes'],
  fluctuation: ['whatIs', 'occupancy', 'groups', 'example'],
  imports: ['formats', 'connect', 'badRows', 'duplicates', 'hotelDataset'],
  analytics: ['kpis', 'pace', 'pickup', 'forecast'],
};
