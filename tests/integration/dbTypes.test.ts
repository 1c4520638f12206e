import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../../src/server/db/database.js';
import { openTestDatabase, TEST_DATABASES } from './harness.js';

/**
 * The Kysely types in src/server/db/schema.ts (its Database composed of the
 * feature files in tables/) agree with the database the migrations build: the
 * same tables, the same columns, a column nullable in the database iff its
 * select type includes null, and optional on insert (Generated<>, a
 * ColumnType<> whose insert type takes undefined, or nullable) iff the
 * database fills it in (a default, an identity, or null).
 */
const SCHEMA_FILE = fileURLToPath(new URL('../../src/server/db/schema.ts', import.meta.url));
/** Where each feature declares its tables: `edit` reaches them as it reaches schema.ts. */
const TABLES_DIR = fileURLToPath(new URL('../../src/server/db/tables/', import.meta.url));

interface Column {
  nullable: boolean;
  optional: boolean;
}
type Tables = Map<string, Map<string, Column>>;

/** The tables of schema.ts's `Database` interface, read with the TypeScript checker; `edit` changes the sources (schema.ts and tables/) first. */
function declaredTables(edit?: (source: string) => string): Tables {
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  if (edit) {
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, ...rest) =>
      path.resolve(name) === SCHEMA_FILE || path.resolve(name).startsWith(TABLES_DIR)
        ? ts.createSourceFile(name, edit(ts.sys.readFile(name) ?? ''), language)
        : getSourceFile(name, language, ...rest);
  }
  const program = ts.createProgram([SCHEMA_FILE], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error('schema.ts declares no Database interface');

  const typeOf = (symbol: ts.Symbol) => checker.getTypeOfSymbolAtLocation(symbol, database);
  const parts = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
  // ColumnType<S, I, U> is { __select__: S; __insert__: I; __update__: U }; a plain type is all three.
  const includes = (type: ts.Type, key: '__select__' | '__insert__', flags: ts.TypeFlags): boolean =>
    parts(type).some((part) => {
      if (part.flags & flags) return true;
      const inner = part.getProperty(key);
      return inner !== undefined && includes(typeOf(inner), key, flags);
    });

  const tables: Tables = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database.name))) {
    const columns = new Map<string, Column>();
    for (const column of checker.getPropertiesOfType(typeOf(table))) {
      const type = typeOf(column);
      columns.set(column.name, {
        nullable: includes(type, '__select__', ts.TypeFlags.Null),
        // GeneratedAlways<> inserts `never`: the database alone fills it in.
        optional: includes(type, '__insert__', ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Never),
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** The tables of the handle's schema, from information_schema (Kysely's migration tables left out). */
async function databaseTables(handle: DatabaseHandle): Promise<Tables> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_identity: 'YES' | 'NO';
    is_generated: string;
  }>`
    select table_name, column_name, is_nullable, column_default, is_identity, is_generated
    from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely\\_%'
    order by table_name, ordinal_position
  `.execute(handle.db);
  const tables: Tables = new Map();
  for (const row of rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Map());
    const nullable = row.is_nullable === 'YES';
    tables.get(row.table_name)!.set(row.column_name, {
      nullable,
      optional: nullable || row.column_default !== null || row.is_identity === 'YES' || row.is_generated === 'ALWAYS',
    });
  }
  return tables;
}

/** Every disagreement, one line each, naming the table and column. */
function compareTables(declared: Tables, actual: Tables): string[] {
  const problems: string[] = [];
  for (const table of actual.keys()) if (!declared.has(table)) problems.push(`table ${table} is in the database but not in schema.ts`);
  for (const [table, columns] of declared) {
    const real = actual.get(table);
    if (!real) {
      problems.push(`table ${table} is in schema.ts but not in the database`);
      continue;
    }
    for (const column of real.keys()) if (!columns.has(column)) problems.push(`${table}.${column} is in the database but not in schema.ts`);
    for (const [column, type] of columns) {
      const db = real.get(column);
      if (!db) problems.push(`${table}.${column} is in schema.ts but not in the database`);
      else if (type.nullable !== db.nullable)
        problems.push(
          `${table}.${column} is ${db.nullable ? 'nullable' : 'not null'} in the database but ${type.nullable ? 'nullable' : 'not null'} in schema.ts`,
        );
      else if (type.optional !== db.optional)
        problems.push(
          `${table}.${column} is ${db.optional ? 'filled in by the database (default)' : 'required on insert'} but ${type.optional ? 'optional' : 'required'} on insert in schema.ts`,
        );
    }
  }
  return problems;
}

describe.each(TEST_DATABASES)('Kysely types and the migrated database ($name)', { timeout: 120_000 }, (database) => {
  let base: Awaited<ReturnType<typeof openTestDatabase>>;
  let actual: Tables;

  beforeAll(async () => {
    base = await openTestDatabase(database);
    await migrateToLatest(base.handle.db, base.handle.schema);
    actual = await databaseTables(base.handle);
  }, 120_000);
  afterAll(() => base?.close());

  it('agree on every table, column, nullability and insert default', () => {
    expect(actual.size).toBeGreaterThan(30);
    expect(compareTables(declaredTables(), actual)).toEqual([]);
  });

  it('name each disagreement', () => {
    const declared = declaredTables((source) =>
      source
        .replace('display_name: string | null;', 'display_name: string;')
        .replace('ip: string | null;\n  user_agent', 'ip: string;\n  user_agent')
        .replace('  has_answering_service: Generated<boolean>;\n', '')
        .replace('  sort_order: number | null;\n', '  sort_order: number | null;\n  priority: number;\n')
        .replace('  active: boolean;\n', '  active: Generated<boolean>;\n')
        .replace('  audit_log: AuditLogTable;\n', '  audit_log: AuditLogTable;\n  audit_archive: AuditLogTable;\n')
        .replace('  captcha_solutions: CaptchaSolutionsTable;\n', ''),
    );
    expect(compareTables(declared, actual).sort()).toEqual(
      [
        'account_groups.has_answering_service is in the database but not in schema.ts',
        'news_items.priority is in schema.ts but not in the database',
        'sessions.ip is nullable in the database but not null in schema.ts',
        'sso_providers.display_name is nullable in the database but not null in schema.ts',
        'status_banner.active is required on insert but optional on insert in schema.ts',
        'table audit_archive is in schema.ts but not in the database',
        'table captcha_solutions is in the database but not in schema.ts',
      ].sort(),
    );
  });
});
