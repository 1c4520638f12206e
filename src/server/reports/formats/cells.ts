import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ReportCell, ReportColumn } from '../reportTypes.js';

/** 'yyyy-MM-dd HH:mm' (dateTime) or 'yyyy-MM-dd' (date) of an instant in a time zone, as every format writes it. */
export function dateFormatter(timeZone: string): (value: Date, type: 'date' | 'dateTime') => string {
  const formatter = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (value, type) => {
    const p = Object.fromEntries(formatter.formatToParts(value).map((part) => [part.type, part.value]));
    const day = `${p.year}-${p.month}-${p.day}`;
    return type === 'date' ? day : `${day} ${p.hour}:${p.minute}`;
  };
}

/** A cell as text: dates in the run's zone, numbers as they are, null empty. */
export function cellText(format: ReturnType<typeof dateFormatter>) {
  return (cell: ReportCell, column: ReportColumn): string => {
    if (cell === null) return '';
    if (cell instanceof Date) return format(cell, column.type === 'date' ? 'date' : 'dateTime');
    return String(cell);
  };
}

/** Waits while the sink's buffer is full (the file store is slower than the writer): memory does not grow with the rows. */
export async function drained(sink: Writable): Promise<void> {
  if (sink.writableNeedDrain) await once(sink, 'drain');
}
