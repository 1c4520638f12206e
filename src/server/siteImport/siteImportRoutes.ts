import { readFileSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { TFunction } from 'i18next';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import {
  siteImportFormatSchema,
  siteImportListSchema,
  siteImportMappingSchema,
  siteImportParamsSchema,
  siteImportRowInputSchema,
  siteImportRowParamsSchema,
  siteImportRowSchema,
  siteImportRowsQuerySchema,
  siteImportRowsSchema,
  siteImportSchema,
  siteImportSkipSchema,
  siteImportUndoneSchema,
  type SiteImport,
  type SiteImportStatus,
} from '../../../schemas/siteImport.js';
import { LANGUAGES, pickLanguage } from '../../common/i18n.js';
import { IMPORT_LIMITS } from '../../common/siteImport/columns.js';
import {
  headerMatcher,
  lacksHeaderRow,
  mappingProblems,
  missingColumns,
  suggestMapping,
  type ColumnLabels,
} from '../../common/siteImport/headers.js';
import { selectedGroup } from '../db/siteScope.js';
import { HttpError } from '../http/errors.js';
import { readMultipartForm, uploadRefusals } from '../http/multipartForm.js';
import { routeOptions } from '../http/routeOptions.js';
import { ImportFileError, readImportFile } from './importFile.js';
import { columnLabel, CONTENT_TYPES, writeResult, writeTemplate, type FileFormat } from './siteImportFiles.js';
import { siteImportJobs, type ImportTuning, type SiteCreator } from './siteImportJobs.js';
import { previewRows, recheckRow, siteSchemaCheck } from './siteImportPreview.js';
import { siteImportRepository, undoUntil, type ImportRow, type StoredRow } from './siteImportRepository.js';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');
/** Each language's column names (locales/<lang>/siteImport.json `columns`): headers in any of them are matched. */
const COLUMN_LABELS: ColumnLabels[] = LANGUAGES.map(
  (lang) => (JSON.parse(readFileSync(path.join(LOCALES, lang, 'siteImport.json'), 'utf8')) as { columns: ColumnLabels }).columns,
);

const MAX_MB = `${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB`;
const UPLOAD = { maxBytes: IMPORT_LIMITS.maxBytes, max: MAX_MB, messages: 'siteImport.errors', fields: 4, parts: 6 } as const;
const refusals = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;

/** A file name as kept: its last path part, printable, at most 200 characters. */
const cleanName = (name: string) =>
  (
    name
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{C}]/gu, '')
      .slice(0, 200) || 'accounts'
  ).trim() || 'accounts';

const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;

export interface SiteImportOptions {
  /** The wizard's account creation (siteCreateRepository); features meet in src/server/app.ts. */
  sites: SiteCreator;
  tuning?: Partial<ImportTuning>;
}

/**
 * /api/siteImports: importing accounts from a CSV or XLSX file. Upload (the file is kept, its
 * header row read and a mapping suggested), set the mapping (every row checked and stored, nothing
 * created), fix or leave out rows, start (a durable job creates the accounts, siteImportJobs.ts),
 * cancel, follow (GET, and 'importProgress' on the reports hub), download the result, undo within
 * 24 hours. A batch is its user's alone; the access entry is the wizard's (allowCreateAccountFlag).
 */
export async function siteImportRoutes(parent: FastifyInstance, options: SiteImportOptions) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 2 } });
  const repo = siteImportRepository(app.db);
  const schema = siteSchemaCheck();
  const matcher = headerMatcher(COLUMN_LABELS);
  const jobs = await siteImportJobs(app, options.sites, options.tuning);
  const route = routeOptions(['siteImports']);

  const fileRefusal = (error: unknown): never => {
    if (error instanceof ImportFileError) throw new HttpError(error.statusCode, error.messageKey, error.args);
    throw error;
  };

  async function own(request: FastifyRequest, id: number): Promise<ImportRow> {
    const batch = await repo.get(request.auth!.user.user_id, id);
    if (!batch) throw new HttpError(404, 'siteImport.errors.notFound');
    return batch;
  }
  const wrongStatus = (t: TFunction, status: SiteImportStatus) =>
    new HttpError(409, 'siteImport.errors.wrongStatus', { status: t(`siteImport.status.${status}`) });

  async function answer(batch: ImportRow, t: TFunction): Promise<SiteImport> {
    const counts = await repo.counts(batch.import_id);
    const mapping = batch.mapping;
    const toCreate = counts.ready + counts.warning + counts.created;
    const until = undoUntil(batch);
    return {
      id: batch.import_id,
      status: batch.status,
      fileName: batch.file_name,
      kind: batch.file_kind,
      sheets: batch.sheets,
      sheet: batch.sheet,
      headers: batch.headers,
      mapping,
      missing: missingColumns(mapping),
      notices: suggestMapping(batch.headers, matcher).repeated.map((r) => t('siteImport.errors.repeatedHeader', { header: r.header })),
      rowCount: batch.row_count,
      counts,
      processed: batch.processed,
      progress:
        batch.status === 'done' ? 100 : toCreate > 0 ? Math.min(100, Math.round((counts.created / Math.max(toCreate, 1)) * 100)) : 0,
      createdAt: batch.created_at.toISOString(),
      startedAt: batch.started_at?.toISOString() ?? null,
      finishedAt: batch.finished_at?.toISOString() ?? null,
      undoUntil: until && until > new Date() && batch.status !== 'undone' ? until.toISOString() : null,
    };
  }

  const rowAnswer = (row: StoredRow, t: TFunction) => ({
    rowNum: row.rowNum,
    status: row.status,
    values: row.values,
    errors: Object.fromEntries(Object.entries(row.errors).map(([column, e]) => [column, t(e.key, e.args ?? {})])),
    warnings: row.warnings as never,
    siteNum: row.siteNum,
  });

  app.get(
    '/siteImports/template',
    route({
      access: { resource: 'siteImports', action: 'list' },
      summary:
        "The import template: the columns as a CSV, or an XLSX whose second sheet explains every column in the user's language (?format=csv|xlsx)",
      querystring: siteImportFormatSchema,
      produces: ['text/csv', CONTENT_TYPES.xlsx],
      response: { 200: { description: 'The template', type: 'string' }, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
    }),
    async (request, reply) => {
      const format = (request.query.format ?? 'xlsx') as FileFormat;
      reply
        .header('Content-Type', CONTENT_TYPES[format])
        .header('Content-Disposition', attachment(`accounts-template.${format}`))
        .header('Cache-Control', 'no-store');
      return reply.send(writeTemplate(format, request.t) as unknown as string);
    },
  );

  app.get(
    '/siteImports',
    route({
      access: { resource: 'siteImports', action: 'list' },
      summary: "The user's latest imports, newest first",
      response: { 200: siteImportListSchema, 401: errorSchema, 403: errorSchema },
    }),
    async (request) => Promise.all((await repo.list(request.auth!.user.user_id)).map((batch) => answer(batch, request.t))),
  );

  app.post(
    '/siteImports',
    route({
      access: { resource: 'siteImports', action: 'create' },
      summary: `Upload a file of accounts: multipart, one CSV (UTF-8, UTF-8 with BOM, UTF-16 or Windows-1252) or XLSX file, by content, at most ${MAX_MB} and ${IMPORT_LIMITS.maxRows} rows; optional field sheet (an XLSX's sheet, else its first). Answers the import with its headers and a suggested mapping.`,
      consumes: ['multipart/form-data'],
      response: { 201: siteImportSchema, 422: errorSchema, ...refusals, ...uploadRefusals },
    }),
    async (request, reply) => {
      const user = request.auth!.user;
      const { fields, file } = await readMultipartForm(request, UPLOAD);
      if (!file) throw new HttpError(400, 'siteImport.errors.fileRequired');
      const sheet = fields.sheet?.[0]?.trim() || null;
      const summary = await readImportFile(file.content, { sheet }).catch(fileRefusal);
      const { mapping } = suggestMapping(summary.headers, matcher);
      if (lacksHeaderRow(summary.headers, mapping)) throw new HttpError(422, 'siteImport.errors.noHeader');
      if (summary.rowCount === 0) throw new HttpError(422, 'siteImport.errors.noRows');
      const siteGroupNum = await selectedGroup(app.db, user);
      if (siteGroupNum === null) throw new HttpError(409, 'siteCreate.errors.noAccountGroup');
      const batch = await repo.insert({
        userId: user.user_id,
        siteGroupNum,
        fileName: cleanName(file.name),
        kind: summary.kind,
        content: file.content,
        sheets: summary.sheets,
        sheet: summary.sheet,
        headers: summary.headers,
        mapping,
        rowCount: summary.rowCount,
        language: pickLanguage(request.headers['accept-language']),
      });
      await app.audit(request, {
        action: 'siteImport.uploaded',
        targetType: 'siteImport',
        targetId: batch.import_id,
        details: { fileName: batch.file_name, kind: batch.file_kind, bytes: file.content.length, rows: summary.rowCount, siteGroupNum },
      });
      reply.status(201);
      return answer(batch, request.t);
    },
  );

  app.get(
    '/siteImports/:id',
    route({
      access: { resource: 'siteImports', action: 'show' },
      summary: 'An import: its status, mapping, counts and progress',
      params: siteImportParamsSchema,
      response: { 200: siteImportSchema, ...refusals },
    }),
    async (request) => answer(await own(request, request.params.id), request.t),
  );

  app.put(
    '/siteImports/:id/mapping',
    route({
      access: { resource: 'siteImports', action: 'edit' },
      summary:
        'Set the column mapping and check every row (the preview; nothing is created). Another sheet answers its headers and a suggested mapping instead, to be sent again.',
      params: siteImportParamsSchema,
      body: siteImportMappingSchema,
      response: { 200: siteImportSchema, 422: errorSchema, ...refusals },
    }),
    async (request) => {
      const batch = await own(request, request.params.id);
      const t = request.t;
      if (batch.status !== 'draft' && batch.status !== 'previewed') throw wrongStatus(t, batch.status);
      const content = await app.db
        .selectFrom('site_imports')
        .select('file_content')
        .where('import_id', '=', batch.import_id)
        .executeTakeFirstOrThrow();
      if (!content.file_content) throw wrongStatus(t, batch.status);
      const { sheet } = request.body;
      if (sheet !== undefined && sheet !== batch.sheet) {
        const summary = await readImportFile(content.file_content, { sheet }).catch(fileRefusal);
        const { mapping } = suggestMapping(summary.headers, matcher);
        if (lacksHeaderRow(summary.headers, mapping)) throw new HttpError(422, 'siteImport.errors.noHeader');
        await repo.deleteRows(batch.import_id);
        await repo.update(batch.import_id, {
          sheet: summary.sheet,
          headers: JSON.stringify(summary.headers),
          mapping: JSON.stringify(mapping),
          row_count: summary.rowCount,
          status: 'draft',
        });
        return answer((await repo.byId(batch.import_id))!, t);
      }
      const mapping = request.body.mapping;
      if (mapping.length !== batch.headers.length)
        throw new HttpError(400, 'validation.invalidForm', {}, { mapping: 'siteImport.errors.unknownColumn' });
      const problems = mappingProblems(mapping);
      if (Object.keys(problems).length)
        throw new HttpError(
          400,
          'validation.invalidForm',
          {},
          Object.fromEntries(Object.entries(problems).map(([i, key]) => [`mapping.${i}`, key])),
        );
      const missing = missingColumns(mapping);
      if (missing.length)
        throw new HttpError(400, 'siteImport.errors.missingColumns', { columns: missing.map((c) => columnLabel(t, c)).join(', ') });
      const read = await previewRows(repo, { ...batch, file_content: content.file_content }, mapping, batch.sheet, schema).catch(
        fileRefusal,
      );
      await repo.update(batch.import_id, { mapping: JSON.stringify(mapping), status: 'previewed', row_count: read.rowCount });
      return answer((await repo.byId(batch.import_id))!, t);
    },
  );

  app.get(
    '/siteImports/:id/rows',
    route({
      access: { resource: 'siteImports', action: 'show' },
      summary:
        "A page of the import's rows in file order, each bad cell's message in the user's language (filter: all, errors, warnings, problems, ready, skipped, created)",
      params: siteImportParamsSchema,
      querystring: siteImportRowsQuerySchema,
      response: { 200: siteImportRowsSchema, ...refusals },
    }),
    async (request) => {
      const batch = await own(request, request.params.id);
      const { filter = 'all', offset = 0, limit = 100 } = request.query;
      const page = await repo.rows(batch.import_id, filter, offset, limit);
      return { total: page.total, rows: page.rows.map((row) => rowAnswer(row, request.t)) };
    },
  );

  const editableRow = async (request: FastifyRequest, batch: ImportRow, rowNum: number) => {
    if (batch.status !== 'previewed') throw wrongStatus(request.t, batch.status);
    const row = await repo.row(batch.import_id, rowNum);
    if (!row) throw new HttpError(404, 'siteImport.errors.rowNotFound');
    if (row.siteNum !== null) throw new HttpError(409, 'siteImport.errors.rowCreated');
    return row;
  };

  app.put(
    '/siteImports/:id/rows/:rowNum',
    route({
      access: { resource: 'siteImports', action: 'edit' },
      summary: 'Fix a row in place: its values by import column, checked again (the file is not changed). Answers the row.',
      params: siteImportRowParamsSchema,
      body: siteImportRowInputSchema,
      response: { 200: siteImportRowSchema, ...refusals },
    }),
    async (request) => {
      const batch = await own(request, request.params.id);
      await editableRow(request, batch, request.params.rowNum);
      const unknown = Object.keys(request.body.values).filter((column) => mappingProblems([column])[0]);
      if (unknown.length)
        throw new HttpError(
          400,
          'validation.invalidForm',
          {},
          Object.fromEntries(unknown.map((c) => [`values.${c}`, 'siteImport.errors.unknownColumn'])),
        );
      const row = await recheckRow(repo, batch, request.params.rowNum, request.body.values, schema);
      return rowAnswer(row, request.t);
    },
  );

  app.post(
    '/siteImports/:id/rows/:rowNum/skip',
    route({
      access: { resource: 'siteImports', action: 'edit' },
      summary: 'Leave a row out of the import (skipped: true), or take it back (false: checked again). Answers the row.',
      params: siteImportRowParamsSchema,
      body: siteImportSkipSchema,
      response: { 200: siteImportRowSchema, ...refusals },
    }),
    async (request) => {
      const batch = await own(request, request.params.id);
      const row = await editableRow(request, batch, request.params.rowNum);
      if (request.body.skipped) {
        await repo.updateRow(batch.import_id, row.rowNum, { status: 'skipped' });
        return rowAnswer({ ...row, status: 'skipped' }, request.t);
      }
      return rowAnswer(await recheckRow(repo, batch, row.rowNum, row.values, schema), request.t);
    },
  );

  app.post(
    '/siteImports/:id/start',
    route({
      access: { resource: 'siteImports', action: 'create' },
      summary:
        "Start creating the accounts of the ready rows (status 'pending', as the wizard makes them) as a durable job; follow it with GET or the reports hub's 'importProgress'",
      params: siteImportParamsSchema,
      response: { 202: siteImportSchema, ...refusals },
    }),
    async (request, reply) => {
      const batch = await own(request, request.params.id);
      if (batch.status === 'draft') throw new HttpError(409, 'siteImport.errors.notChecked');
      if (batch.status !== 'previewed') throw wrongStatus(request.t, batch.status);
      const counts = await repo.counts(batch.import_id);
      if (counts.ready + counts.warning === 0) throw new HttpError(409, 'siteImport.errors.nothingToImport');
      if (!(await repo.move(batch.import_id, ['previewed'], 'running', { started_at: new Date(), processed: 0 })))
        throw wrongStatus(request.t, batch.status);
      await app.audit(request, {
        action: 'siteImport.started',
        targetType: 'siteImport',
        targetId: batch.import_id,
        details: { counts, siteGroupNum: batch.site_group_num },
      });
      await jobs.send(batch.import_id);
      reply.status(202);
      return answer((await repo.byId(batch.import_id))!, request.t);
    },
  );

  app.post(
    '/siteImports/:id/cancel',
    route({
      access: { resource: 'siteImports', action: 'edit' },
      summary:
        'Cancel an import: before it starts, at once; while it runs, after the chunk of rows in hand (the accounts created stay, and can be undone)',
      params: siteImportParamsSchema,
      response: { 200: siteImportSchema, ...refusals },
    }),
    async (request) => {
      const batch = await own(request, request.params.id);
      if (batch.status === 'running') await repo.update(batch.import_id, { cancel_requested: true });
      else if (await repo.move(batch.import_id, ['draft', 'previewed'], 'cancelled', { file_content: null })) {
        await app.audit(request, { action: 'siteImport.cancelled', targetType: 'siteImport', targetId: batch.import_id });
      } else throw wrongStatus(request.t, batch.status);
      return answer((await repo.byId(batch.import_id))!, request.t);
    },
  );

  app.get(
    '/siteImports/:id/result',
    route({
      access: { resource: 'siteImports', action: 'show' },
      summary:
        "The import's rows with their status, account number and errors (?format=csv|xlsx); cells that begin with = + - @ are neutralised",
      params: siteImportParamsSchema,
      querystring: siteImportFormatSchema,
      produces: ['text/csv', CONTENT_TYPES.xlsx],
      response: { 200: { description: 'The result', type: 'string' }, ...refusals },
    }),
    async (request, reply) => {
      const batch = await own(request, request.params.id);
      const format = (request.query.format ?? 'xlsx') as FileFormat;
      const columns = batch.mapping.filter((c): c is string => c !== null);
      reply
        .header('Content-Type', CONTENT_TYPES[format])
        .header('Content-Disposition', attachment(`import-${batch.import_id}-result.${format}`))
        .header('Cache-Control', 'no-store');
      return reply.send(writeResult(format, request.t, columns, repo.allRows(batch.import_id)) as unknown as string);
    },
  );

  app.post(
    '/siteImports/:id/undo',
    route({
      access: { resource: 'siteImports', action: 'delete' },
      summary:
        'Undo a finished import within 24 hours: removes the accounts it created that nobody has changed since, and names those it keeps and why',
      params: siteImportParamsSchema,
      response: { 200: siteImportUndoneSchema, ...refusals },
    }),
    async (request) => {
      const batch = await own(request, request.params.id);
      const t = request.t;
      if (batch.status !== 'done' && batch.status !== 'cancelled') throw wrongStatus(t, batch.status);
      const until = undoUntil(batch);
      if (!until || until < new Date()) throw new HttpError(409, 'siteImport.errors.undoExpired', { hours: 24 });
      const reasons = await repo.keptReasons(batch);
      const rowOf = await repo.createdRows(batch.import_id);
      const removed = [...reasons].filter(([, reason]) => reason === '').map(([siteNum]) => siteNum);
      const kept = [...reasons]
        .filter(([, reason]) => reason !== '')
        .map(([siteNum, reason]) => ({ siteNum, rowNum: rowOf.get(siteNum) ?? 0, reason: t(`siteImport.undo.${reason}`) }));
      await repo.removeAccounts(batch.import_id, removed);
      await repo.update(batch.import_id, { status: 'undone', undone_at: new Date() });
      for (const siteNum of removed)
        await app.audit(request, {
          action: 'siteImport.accountRemoved',
          targetType: 'site',
          targetId: siteNum,
          details: { importId: batch.import_id, rowNum: rowOf.get(siteNum) },
        });
      await app.audit(request, {
        action: 'siteImport.undone',
        targetType: 'siteImport',
        targetId: batch.import_id,
        details: { removed, kept: kept.map((k) => ({ siteNum: k.siteNum, reason: reasons.get(k.siteNum) })) },
      });
      return { removed, kept };
    },
  );
}
