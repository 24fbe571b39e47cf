/** Where the seasons pages live (the menu's Sazonalities and Add Sazonality). */
export const seasonsPath = '/pricing-central/sazonalities';
export const newSeasonPath = '/pricing-central/sazonalities/new';
export const seasonPath = (id: string) => `/pricing-central/sazonalities/${encodeURIComponent(id)}`;
