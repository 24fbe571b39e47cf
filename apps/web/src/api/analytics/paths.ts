/** The price calendar at the week of `date` (`/pricing-central?view=week&date=…`): a night opened from a chart or an insight. */
export const calendarNightPath = (date: string) => `/pricing-central?view=week&date=${date}`;
