import type { ColumnType } from 'kysely';

/** Column types the tables of every feature share. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A jsonb column with a database default: optional on insert. */
export type Json<T = Record<string, unknown>> = ColumnType<T, string | T | undefined, string | T>;
