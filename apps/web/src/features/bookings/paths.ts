/** Where the bookings pages live. */
export const bookingsPath = '/pricing-central/bookings';
export const importPath = '/pricing-central/bookings/import';

/** The import page showing the progress or result of one import. */
export const importStatusPath = (importId: string) =>
  `${importPath}?${new URLSearchParams({ import: importId })}`;
