import { escapeHtml } from './EChart';

/**
 * A tooltip's HTML: its title in bold, then one line each, all escaped (names are typed by users,
 * sentences translated). The lines come already worded (`t('…line', {label, value})`).
 */
export function tooltipHtml(title: string, lines: readonly string[]): string {
  return [`<strong>${escapeHtml(title)}</strong>`, ...lines.map(escapeHtml)].join('<br/>');
}
