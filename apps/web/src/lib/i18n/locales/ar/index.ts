/** This language's namespaces, one chunk per language: the app loads only the language in use. */
export default import.meta.glob<Record<string, unknown>>('./*.json', {
  eager: true,
  import: 'default',
});
