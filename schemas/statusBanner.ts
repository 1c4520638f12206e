import type { FromSchema } from 'json-schema-to-ts';
import { LIMITS } from '../src/common/constants.js';

/** Importance of the status banner, SPEC §3: value and the label the editor shows. */
export const BANNER_IMPORTANCE = [
  { value: 'High', label: 'High' },
  { value: 'Warning', label: 'Warning' },
  { value: 'Info', label: 'Informational' },
] as const;
export type BannerImportance = (typeof BANNER_IMPORTANCE)[number]['value'];

const importanceValues = BANNER_IMPORTANCE.map((i) => i.value);

/**
 * SPEC §3 status banner, §5 rules (active required; title required, max 128;
 * body required, max 1024; importance required). The same shape is the
 * answer of GET statusBanner and the body of PUT statusBanner (§7).
 */
export const statusBannerSchema = {
  $id: 'StatusBanner',
  type: 'object',
  additionalProperties: false,
  required: ['active', 'title', 'body', 'importance'],
  properties: {
    active: { type: 'boolean' },
    title: { type: 'string', minLength: 1, maxLength: LIMITS.bannerTitleMax },
    body: { type: 'string', minLength: 1, maxLength: LIMITS.bannerBodyMax },
    importance: { type: 'string', enum: importanceValues },
  },
} as const;
export type StatusBanner = FromSchema<typeof statusBannerSchema>;
