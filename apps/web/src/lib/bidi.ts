import { directionOf } from '@tarifa/contract';
import type { Formatters } from '@/lib/intl';

/**
 * A number, price or percentage set inside right-to-left text keeps its own order ("-10%" stays
 * "-10%", not "10%-") when wrapped in a first-strong isolate (U+2068 … U+2069). Left-to-right
 * languages need nothing, so they get the text as it is.
 */
export function isolate(intl: Pick<Formatters, 'language'>, text: string): string {
  return directionOf(intl.language) === 'rtl' ? `\u2068${text}\u2069` : text;
}
