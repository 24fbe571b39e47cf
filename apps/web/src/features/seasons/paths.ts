/** Where the seasons pages live (SPEC §2 menu: Sazonalities, Add Sazonality). */
export const seasonsPath = '/pricing-central/sazonalities';
export const newSeasonPath = '/pricing-central/sazonalities/new';
export const seasonPath = (id: string) => `/pricing-central/sazonalities/${encodeURIComponent(id)}`;
