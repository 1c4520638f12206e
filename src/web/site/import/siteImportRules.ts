import type { SiteImport, SiteImportStatus } from '../../../../schemas/siteImport.js';
import {
  ACCOUNT_COLUMNS,
  COLUMN_GROUPS,
  GROUP_NAMES,
  parseGroupColumn,
  REQUIRED_COLUMNS,
  type ColumnGroup,
} from '../../../common/siteImport/columns.js';
import { mappingProblems, missingColumns } from '../../../common/siteImport/headers.js';
import type { SiteImportRowFilter } from '../../providers/methods/siteImportMethods.js';

/**
 * The import page's pure rules (/site/import): which step a batch is at, the choices of the
 * mapping step, the preview's count chips and what the result allows. The columns and the
 * mapping's problems are the server's own (src/common/siteImport/).
 */

export const IMPORT_STEPS = ['upload', 'map', 'preview', 'import', 'result'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** The step a batch is at: uploaded → map, checked → preview, running → import, ended → result. */
export function stepOfStatus(status: SiteImportStatus): ImportStep {
  switch (status) {
    case 'draft':
      return 'map';
    case 'previewed':
      return 'preview';
    case 'running':
      return 'import';
    default:
      return 'result';
  }
}

/** The batch id of the page's address (?batch=12), or undefined. */
export function batchParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** One choice of the mapping's select: an import column, under its group. */
export interface ColumnChoice {
  column: string;
  group: 'account' | ColumnGroup;
  required: boolean;
}

/**
 * The import columns a file column may take: the account's, and each group's numbered columns up
 * to the template's count or one past the highest number the mapping uses (within the group's
 * limit), so a file with contact 5 can map contact 6 without listing all 200 zones.
 */
export function columnChoices(mapping: readonly (string | null)[]): ColumnChoice[] {
  const required = new Set<string>(REQUIRED_COLUMNS);
  const highest: Partial<Record<ColumnGroup, number>> = {};
  for (const column of mapping) {
    const parsed = column ? parseGroupColumn(column) : undefined;
    if (parsed) highest[parsed.group] = Math.max(highest[parsed.group] ?? 0, parsed.n);
  }
  const choices: ColumnChoice[] = ACCOUNT_COLUMNS.map((column) => ({ column, group: 'account', required: required.has(column) }));
  for (const group of GROUP_NAMES) {
    const spec = COLUMN_GROUPS[group];
    const count = Math.min(spec.max, Math.max(spec.template, (highest[group] ?? 0) + 1));
    for (let n = 1; n <= count; n++)
      for (const field of spec.fields) {
        const column = `${group}${n}${field}`;
        choices.push({ column, group, required: required.has(column) });
      }
  }
  return choices;
}

/** The mapping with file column `index` set to `column` (null: left out). */
export function setColumn(mapping: readonly (string | null)[], index: number, column: string | null): (string | null)[] {
  return mapping.map((current, i) => (i === index ? column : current));
}

/** What the mapping step shows: required fields no column maps, and file columns that repeat a field (by position). */
export function mappingState(mapping: readonly (string | null)[]): {
  missing: string[];
  repeated: Record<number, string>;
  ready: boolean;
} {
  const missing = missingColumns(mapping);
  const repeated = mappingProblems(mapping);
  return { missing, repeated, ready: missing.length === 0 && Object.keys(repeated).length === 0 };
}

/** Whether file column `index` is mapped as the upload suggested (shown as matched automatically). */
export function isAutoMatched(
  suggested: readonly (string | null)[] | undefined,
  mapping: readonly (string | null)[],
  index: number,
): boolean {
  return !!mapping[index] && suggested?.[index] === mapping[index];
}

/** A chip of the preview: a count of rows and the filter that shows them. */
export interface CountChip {
  key: 'all' | 'ready' | 'warning' | 'refused' | 'skipped';
  filter: SiteImportRowFilter;
  count: number;
  color: 'default' | 'success' | 'warning' | 'error';
}

/** The preview's chips: every row, ready, with warnings, refused, and left out (only when some are). */
export function countChips(counts: SiteImport['counts'], rowCount: number): CountChip[] {
  const chips: CountChip[] = [
    { key: 'all', filter: 'all', count: rowCount, color: 'default' },
    { key: 'ready', filter: 'ready', count: counts.ready, color: 'success' },
    { key: 'warning', filter: 'warnings', count: counts.warning, color: 'warning' },
    { key: 'refused', filter: 'errors', count: counts.refused, color: 'error' },
  ];
  if (counts.skipped) chips.push({ key: 'skipped', filter: 'skipped', count: counts.skipped, color: 'default' });
  return chips;
}

/** Rows the import would create now. */
export function importable(counts: SiteImport['counts']): number {
  return counts.ready + counts.warning;
}

/** Whether the finished batch may still be undone at `now`. */
export function canUndo(batch: Pick<SiteImport, 'status' | 'undoUntil' | 'counts'>, now: number): boolean {
  if (batch.status !== 'done' && batch.status !== 'cancelled') return false;
  if (!batch.undoUntil || Date.parse(batch.undoUntil) <= now) return false;
  return batch.counts.created > 0;
}

/** The columns a row's edit dialog shows: the mapped ones in file order, then any other the row holds. */
export function rowColumns(mapping: readonly (string | null)[], values: Record<string, string>): string[] {
  const mapped = mapping.filter((c): c is string => !!c);
  const seen = new Set(mapped);
  return [...new Set([...mapped, ...Object.keys(values).filter((c) => !seen.has(c))])];
}

/**
 * The step shown: the one the user chose for this batch while its status allows it (the mapping,
 * the preview and the confirmation while it may still change), else the step of its status.
 */
export function shownStep(status: SiteImportStatus | undefined, chosen: ImportStep | undefined): ImportStep {
  if (!status) return 'upload';
  const byStatus = stepOfStatus(status);
  if (!chosen) return byStatus;
  if (status === 'draft') return chosen === 'map' ? 'map' : byStatus;
  if (status === 'previewed') return chosen === 'map' || chosen === 'preview' || chosen === 'import' ? chosen : byStatus;
  return byStatus;
}
