/** The guest pages' namespaces of this language (`guestNamespaces`), one chunk: the first loaded. */
export default import.meta.glob<Record<string, unknown>>(
  ['./common.json', './auth.json', './forms.json', './validation.json'],
  { eager: true, import: 'default' },
);
