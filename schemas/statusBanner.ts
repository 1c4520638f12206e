import type { FromSchema } from 'json-schema-to-ts';
import { LIMITS } from './constants.js';
import { closedSchema, notBlank } from './shared.js';

/**
 * Importance of the status banner, SPEC §3 (High, Warning, Info). The labels
 * the screens show (High, Warning, Informational) are locales/<lang>/banner.json
 * `importance.<value>`.
 */
export const BANNER_IMPORTANCE = ['High', 'Warning', 'Info'] as const;
export type BannerImportance = (typeof BANNER_IMPORTANCE)[number];

/**
 * SPEC §3 status banner, §5 rules (active required; title required, max 128;
 * body required, max 1024; importance required). The same shape is the
 * answer of GET statusBanner and the body of PUT statusBanner (§7).
 */
export const statusBannerSchema = closedSchema('StatusBanner', {
  active: { type: 'boolean' },
  title: { type: 'string', minLength: 1, maxLength: LIMITS.bannerTitleMax, ...notBlank },
  body: { type: 'string', minLength: 1, maxLength: LIMITS.bannerBodyMax, ...notBlank },
  importance: { type: 'string', enum: BANNER_IMPORTANCE },
});
export type StatusBanner = FromSchema<typeof statusBannerSchema>;
