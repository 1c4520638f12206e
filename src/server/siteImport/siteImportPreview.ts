import { siteCreateSchema, type SiteCreate } from '../../../schemas/siteCreate.js';
import {
  checkRow,
  fileDuplicates,
  transmittersOf,
  valuesOf,
  type CellErrors,
  type RowValues,
  type SchemaCheck,
} from '../../common/siteImport/rows.js';
import { compileCached, toFieldErrors } from '../../common/validation.js';
import { readImportFile, type FileRow } from './importFile.js';
import type { ImportRow, SiteImportRepository, StoredRow } from './siteImportRepository.js';

/** The wizard's JSON Schema (schemas/siteCreate.ts) through the server's ajv, its messages by payload path. */
export function siteSchemaCheck(): SchemaCheck {
  const validate = compileCached(siteCreateSchema);
  return (site: SiteCreate) => {
    // ajv fills defaults in place: the row's payload is checked on a copy.
    if (validate(structuredClone(site))) return {};
    return Object.fromEntries(
      Object.entries(toFieldErrors(validate.errors)).map(([path, m]) => [
        path,
        { key: m.message, args: m.args as Record<string, string | number> },
      ]),
    );
  };
}

/** The message of a transmitter already on the platform: the user's own account named, another dealer's never. */
export function takenError(code: string, owner: { siteNum: number; siteName: string } | null): CellErrors[string] {
  return owner
    ? { key: 'siteCreate.errors.transmitterTakenBy', args: { code, siteNum: owner.siteNum, siteName: owner.siteName } }
    : { key: 'siteCreate.errors.transmitterTaken', args: { code } };
}

/**
 * Rows stored a chunk at a time: each chunk's transmitters are looked up in the database in one
 * query. Small, because a chunk's rows are held while it is checked and stored: rows that live
 * through two young-generation collections are promoted to V8's old space, garbage there until a
 * full collection, and the process's memory grows by it (at 100 rows, about 30 MB more of the
 * preview was promoted for a 10,000-row file: docs/performance.md, Account import).
 */
const CHUNK = 50;

/** A row checked as it is read, held until its chunk is stored. */
interface CheckedFileRow {
  rowNum: number;
  values: RowValues;
  transmitters: { column: string; code: string }[];
  errors: CellErrors;
  fileProblems: CellErrors;
  warnings: StoredRow['warnings'];
  site: SiteCreate | null;
}

/**
 * The preview: reads the batch's file again with the mapping and stores each row checked by the
 * wizard's schema and rules, its transmitters against the earlier rows of the file and the
 * platform's devices, and the account each ready row makes (the job writes it as it is). Nothing
 * but the batch's rows is written.
 */
export async function previewRows(
  repo: SiteImportRepository,
  batch: ImportRow & { file_content: Uint8Array },
  mapping: (string | null)[],
  sheet: string | null,
  schema: SchemaCheck,
): Promise<{ rowCount: number; sheet: string | null }> {
  await repo.deleteRows(batch.import_id);
  const firstRowOf = new Map<string, number>();
  let chunk: CheckedFileRow[] = [];
  const check = (row: FileRow): CheckedFileRow => {
    const values = valuesOf(row.cells, mapping);
    const checked = checkRow(values, schema);
    // A cell the file could not give (a formula without a value, an error) is that cell's problem.
    const fileProblems: CellErrors = {};
    for (const [i, problem] of Object.entries(row.problems ?? {})) {
      const column = mapping[Number(i)];
      if (column) fileProblems[column] = problem;
    }
    return {
      rowNum: row.rowNum,
      values,
      transmitters: transmittersOf(values),
      errors: checked.errors,
      fileProblems,
      warnings: checked.warnings,
      site: checked.site ?? null,
    };
  };
  const flush = async () => {
    const rows = chunk;
    chunk = [];
    const inFile = duplicatesAgainst(
      firstRowOf,
      rows.map((r) => ({ rowNum: r.rowNum, values: Object.fromEntries(r.transmitters.map((t) => [t.column, t.code])) })),
    );
    const codes = [...new Set(rows.flatMap((r) => r.transmitters.map((t) => t.code)))];
    const owners = await repo.transmitterOwners(batch.user_id, codes);
    await repo.insertRows(
      batch.import_id,
      rows.map((r) => {
        const errors: CellErrors = { ...r.errors, ...inFile.get(r.rowNum), ...r.fileProblems };
        for (const { column, code } of r.transmitters) if (owners.has(code)) errors[column] ??= takenError(code, owners.get(code)!);
        const refused = Object.keys(errors).length > 0;
        return {
          rowNum: r.rowNum,
          values: r.values,
          errors,
          warnings: refused ? [] : r.warnings,
          status: refused ? 'refused' : r.warnings.length ? 'warning' : 'ready',
          siteNum: null,
          site: refused ? null : r.site,
        };
      }),
    );
  };
  const summary = await readImportFile(batch.file_content, {
    sheet,
    onRow: async (row) => {
      chunk.push(check(row));
      if (chunk.length >= CHUNK) await flush();
    },
  });
  await flush();
  return { rowCount: summary.rowCount, sheet: summary.sheet };
}

/** fileDuplicates across chunks: `firstRowOf` remembers each code's first row from one chunk to the next. */
function duplicatesAgainst(firstRowOf: Map<string, number>, rows: { rowNum: number; values: Record<string, string> }[]) {
  const seenBefore = [...new Set(rows.flatMap((r) => transmittersOf(r.values).map((t) => t.code)))]
    .filter((code) => firstRowOf.has(code))
    .map((code) => ({ rowNum: firstRowOf.get(code)!, values: { device1TransmitterCode: code } }));
  const found = fileDuplicates([...seenBefore, ...rows]);
  for (const r of rows) for (const { code } of transmittersOf(r.values)) if (!firstRowOf.has(code)) firstRowOf.set(code, r.rowNum);
  return found;
}

/** One row fixed in place: checked again, its transmitters against the batch's other rows and the platform. */
export async function recheckRow(
  repo: SiteImportRepository,
  batch: ImportRow,
  rowNum: number,
  values: Record<string, string>,
  schema: SchemaCheck,
): Promise<StoredRow> {
  const trimmed = Object.fromEntries(
    Object.entries(values)
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v !== ''),
  );
  const checked = checkRow(trimmed, schema);
  const errors: CellErrors = { ...checked.errors };
  const transmitters = transmittersOf(trimmed);
  const codes = transmitters.map((t) => t.code);
  const owners = await repo.transmitterOwners(batch.user_id, codes);
  for (const { column, code } of transmitters) {
    if (owners.has(code)) errors[column] ??= takenError(code, owners.get(code)!);
    else {
      const others = await repo.rowsWithTransmitters(batch.import_id, rowNum, [code]);
      const earlier = others.find((n) => n < rowNum);
      if (earlier !== undefined) errors[column] ??= { key: 'siteImport.errors.transmitterInFile', args: { row: earlier } };
    }
  }
  const refused = Object.keys(errors).length > 0;
  const row: StoredRow = {
    rowNum,
    values: trimmed,
    errors,
    warnings: refused ? [] : checked.warnings,
    status: refused ? 'refused' : checked.warnings.length ? 'warning' : 'ready',
    siteNum: null,
  };
  await repo.updateRow(batch.import_id, rowNum, { ...row, site: refused ? null : checked.site });
  return row;
}
