/** This language's other namespaces, one chunk: loaded with the signed-in shell. */
export default import.meta.glob<Record<string, unknown>>(
  ['./*.json', '!./common.json', '!./auth.json', '!./forms.json', '!./validation.json'],
  { eager: true, import: 'default' },
);
