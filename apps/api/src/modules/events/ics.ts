import { describeIssue, ZEventFields, type TEventImportError } from '@tarifa/contract';
import { addDays } from '@tarifa/pricing';
import type { z } from 'zod';

/** One VEVENT of a file, read into an event's fields. */
export interface IcsEvent {
  /** Its position among the file's VEVENTs, from 0 (errors are reported at `events.{index}`). */
  index: number;
  /** The line where its `BEGIN:VEVENT` is, from 1. */
  line: number;
  /** Its `UID`, or `summary@startDate` when the file gives none (so a re-import still matches). */
  uid: string;
  fields: z.output<typeof ZEventFields>;
}

export interface IcsReading {
  events: IcsEvent[];
  errors: TEventImportError[];
}

interface ContentLine {
  line: number;
  name: string;
  params: Record<string, string>;
  value: string;
}

/**
 * Reads the VEVENTs of an iCalendar file (RFC 5545) as events: lines unfolded, text unescaped,
 * `DTSTART`/`DTEND` as dates (`VALUE=DATE`, whose `DTEND` is exclusive) or date-times (their
 * date as written; a `DTEND` at midnight ends the night before). Components nested in an event
 * (alarms) are skipped. Answers `undefined` when the text is not a calendar at all.
 */
export function readIcs(text: string): IcsReading | undefined {
  const lines = contentLines(text);
  if (lines[0]?.name !== 'BEGIN' || lines[0].value.toUpperCase() !== 'VCALENDAR') return undefined;
  const events: IcsEvent[] = [];
  const errors: TEventImportError[] = [];
  let current: { line: number; props: Map<string, ContentLine> } | undefined;
  let nested = 0;
  let index = 0;
  for (const entry of lines) {
    const component = entry.value.toUpperCase();
    if (entry.name === 'BEGIN' && component === 'VEVENT' && !current) {
      current = { line: entry.line, props: new Map() };
    } else if (current && entry.name === 'BEGIN') {
      nested += 1;
    } else if (current && entry.name === 'END' && nested > 0) {
      nested -= 1;
    } else if (current && entry.name === 'END' && component === 'VEVENT') {
      const read = readEvent(index, current.line, current.props);
      if ('uid' in read) events.push(read);
      else errors.push(...read.errors);
      current = undefined;
      index += 1;
    } else if (current && nested === 0 && !current.props.has(entry.name)) {
      current.props.set(entry.name, entry);
    }
  }
  return { events, errors };
}

/** Unfolds the physical lines (a line starting with a space or tab continues the one before). */
function contentLines(text: string): ContentLine[] {
  const unfolded: { line: number; text: string }[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    const last = unfolded.at(-1);
    if ((raw.startsWith(' ') || raw.startsWith('\t')) && last) last.text += raw.slice(1);
    else if (raw.trim()) unfolded.push({ line: i + 1, text: raw.replace(/^\uFEFF/, '') });
  });
  return unfolded.flatMap(({ line, text: content }) => {
    const colon = valueStart(content);
    if (colon < 0) return [];
    const [name = '', ...rawParams] = content.slice(0, colon).split(';');
    const params = Object.fromEntries(
      rawParams.map((param) => {
        const [key = '', ...value] = param.split('=');
        return [key.toUpperCase(), value.join('=').replace(/^"|"$/g, '').toUpperCase()];
      }),
    );
    return [{ line, name: name.toUpperCase(), params, value: content.slice(colon + 1) }];
  });
}

/** Where the value starts: the first colon outside a quoted parameter value. */
function valueStart(content: string): number {
  let quoted = false;
  for (let i = 0; i < content.length; i += 1) {
    if (content[i] === '"') quoted = !quoted;
    else if (content[i] === ':' && !quoted) return i;
  }
  return -1;
}

/** TEXT values: `\n` a new line (a space in a name), `\,` `\;` `\\` themselves. */
export const unescapeText = (value: string) =>
  value.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? ' ' : c)).trim();

/** A DATE or DATE-TIME value's date, and whether it had a time (midnight counts apart). */
function readDate(entry: ContentLine): { date: string; time: string | null } | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{6})Z?)?$/.exec(entry.value.trim());
  if (!match) return undefined;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  if (entry.params.VALUE === 'DATE' && match[4]) return undefined;
  return { date, time: match[4] ?? null };
}

function readEvent(
  index: number,
  line: number,
  props: Map<string, ContentLine>,
): IcsEvent | { errors: TEventImportError[] } {
  const errors: TEventImportError[] = [];
  const fail = (field: string, code: string, message: string) =>
    errors.push({ path: `events.${index}.${field}`, code, line, message });
  const name = unescapeText(props.get('SUMMARY')?.value ?? '');
  const startEntry = props.get('DTSTART');
  const start = startEntry && readDate(startEntry);
  if (!startEntry) fail('startDate', 'required', 'The event has no DTSTART');
  else if (!start) fail('startDate', 'invalid_format', 'DTSTART is not a date');
  const endEntry = props.get('DTEND');
  const end = endEntry && readDate(endEntry);
  if (endEntry && !end) fail('endDate', 'invalid_format', 'DTEND is not a date');
  if (errors.length || !start) return { errors };

  // A DATE end is the first day after the event; a date-time end at midnight too.
  let endDate = start.date;
  if (end) endDate = end.time === null || end.time === '000000' ? addDays(end.date, -1) : end.date;
  if (endDate < start.date && end && end.date >= start.date) endDate = start.date;
  const parsed = ZEventFields.safeParse({ name, startDate: start.date, endDate });
  if (!parsed.success) {
    for (const found of parsed.error.issues) {
      const field = String(found.path[0] ?? 'name');
      fail(field, describeIssue(found).code, found.message);
    }
    return { errors };
  }
  const uid = unescapeText(props.get('UID')?.value ?? '') || `${name}@${start.date}`;
  return { index, line, uid, fields: parsed.data };
}
