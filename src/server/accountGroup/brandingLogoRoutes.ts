import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { dealerBrandingSchema } from '../../../schemas/dealer.js';
import { errorSchema } from '../../../schemas/shared.js';
import { checkLogo, LOGO_LIMITS, LOGO_TYPES, LOGO_VARIANTS, logoUrl, type LogoVariant } from '../../common/logoRules.js';
import { HttpError } from '../http/errors.js';
import { readMultipartForm, uploadRefusals, type FormUpload } from '../http/multipartForm.js';
import { accountGroupRepository } from './accountGroupRepository.js';
import { routeOptions } from '../http/routeOptions.js';

const variantParams = {
  type: 'object',
  required: ['variant'],
  properties: { variant: { type: 'string', enum: LOGO_VARIANTS } },
} as const;

const hashParams = {
  type: 'object',
  required: ['hash'],
  properties: { hash: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
} as const;

const MAX_KB = LOGO_LIMITS.maxBytes / 1024;
const YEAR_SECONDS = 365 * 24 * 3600;

/** The multipart body: exactly one file, nothing else of size; over-large files stop with a 413. */
async function readUpload(request: FastifyRequest): Promise<FormUpload> {
  const { file } = await readMultipartForm(request, {
    maxBytes: LOGO_LIMITS.maxBytes,
    max: MAX_KB,
    messages: 'branding.errors',
    fields: 2,
    fieldSize: 1024,
    parts: 4,
  });
  if (!file) throw new HttpError(400, 'branding.errors.required');
  return file;
}

/**
 * Header logos (SPEC §3 branding, §6 xtAdmin): the dealer uploads one for the light and
 * one for the dark theme (PNG, JPEG or WebP by content, src/common/logoRules.ts), or resets one to
 * the product's. Stored in the database by SHA-256 and served publicly from that address (the
 * login page shows them before sign-in), cached for a year since the content never changes.
 * Uploads, refusals and resets are audited.
 */
export async function brandingLogoRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  await app.register(multipart, { limits: { fileSize: LOGO_LIMITS.maxBytes, files: 2 } });
  const groups = accountGroupRepository(app.db);
  const route = routeOptions(['branding']);

  const brandingAfter = async (userId: number) => {
    const settings = await groups.settings(userId);
    if (!settings) throw new HttpError(404, 'accountGroup.errors.noGroup');
    return settings.branding;
  };

  app.put(
    '/branding/logo/:variant',
    route({
      access: { resource: 'branding', action: 'edit' },
      summary: `Upload the current group's header logo for the light or dark theme: multipart, one PNG, JPEG or WebP file (by content), at most ${MAX_KB} KB and ${LOGO_LIMITS.maxWidth}x${LOGO_LIMITS.maxHeight} pixels; SVG refused. Answers the branding.`,
      consumes: ['multipart/form-data'],
      params: variantParams,
      response: { 200: dealerBrandingSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, ...uploadRefusals },
    }),
    async (request) => {
      const user = request.auth!.user;
      const variant = request.params.variant as LogoVariant;
      const upload = await readUpload(request);
      const checked = checkLogo(upload.name, upload.content);
      if ('problem' in checked) {
        await app.audit(request, {
          action: 'branding.logoRefused',
          targetType: 'account_group',
          targetId: user.current_site_group_num ?? undefined,
          details: { variant, reason: checked.problem.key, name: upload.name.slice(0, 200), sizeBytes: upload.content.length },
        });
        throw new HttpError(400, checked.problem.key, checked.problem.args ?? {});
      }
      const sha256 = createHash('sha256').update(upload.content).digest('hex');
      await groups.saveLogo({ ...checked.logo, sha256, bytes: upload.content, createdBy: user.user_id });
      const set = await groups.setLogo(user.user_id, variant, logoUrl(sha256));
      if (!set) throw new HttpError(404, 'accountGroup.errors.noGroup');
      await app.audit(request, {
        action: 'branding.logoUploaded',
        targetType: 'account_group',
        targetId: set.siteGroupNum,
        details: {
          variant,
          sha256,
          contentType: checked.logo.type,
          width: checked.logo.width,
          height: checked.logo.height,
          sizeBytes: upload.content.length,
          previous: set.previous,
        },
      });
      return brandingAfter(user.user_id);
    },
  );

  app.delete(
    '/branding/logo/:variant',
    route({
      access: { resource: 'branding', action: 'edit' },
      summary: "Reset the current group's light or dark header logo to the product's; answers the branding",
      params: variantParams,
      response: { 200: dealerBrandingSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    }),
    async (request) => {
      const user = request.auth!.user;
      const variant = request.params.variant as LogoVariant;
      const set = await groups.setLogo(user.user_id, variant, null);
      if (!set) throw new HttpError(404, 'accountGroup.errors.noGroup');
      if (set.previous !== null) {
        await app.audit(request, {
          action: 'branding.logoReset',
          targetType: 'account_group',
          targetId: set.siteGroupNum,
          details: { variant, previous: set.previous },
        });
      }
      return brandingAfter(user.user_id);
    },
  );

  app.get(
    '/branding/logos/:hash',
    route({
      access: 'public',
      summary: 'A stored header logo by the SHA-256 of its bytes (public, cached for a year)',
      params: hashParams,
      produces: [...LOGO_TYPES],
      response: { 200: { description: 'The image', type: 'string', format: 'binary' }, 400: errorSchema, 404: errorSchema },
    }),
    async (request, reply) => {
      const logo = await groups.logo(request.params.hash);
      if (!logo) throw new HttpError(404, 'errors.notFound');
      return (
        reply
          .header('Content-Type', logo.content_type)
          .header('Content-Length', String(logo.size_bytes))
          .header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`)
          .header('ETag', `"${request.params.hash}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          // A Buffer is sent as it is (Fastify does not serialise it); the schema's string is for OpenAPI.
          .send(Buffer.from(logo.bytes) as unknown as string)
      );
    },
  );
}
