/**
 * Styles (`sx`) of text that screen readers read and the screen does not show: a table's
 * caption, the words behind a colour or an icon.
 */
export const visuallyHidden = {
  position: 'absolute',
  inlineSize: 1,
  blockSize: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
