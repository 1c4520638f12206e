import type { ColumnType, Generated } from 'kysely';
import type { Json } from './columns.js';

/** Alarm accounts (sites): the account rows, what the search and the completeness rules read of them, favourites, recents and create-account drafts. */
export interface SiteTables {
  sites: SitesTable;
  site_search: SiteSearchTable;
  site_search_stale: StaleSitesTable;
  site_completeness: SiteCompletenessTable;
  site_completeness_stale: StaleSitesTable;
  site_favorites: SiteFavoritesTable;
  site_recents: SiteRecentsTable;
  site_drafts: SiteDraftsTable;
}

export interface SitesTable {
  site_num: number;
  site_group_num: number;
  site_name: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  phone_number: string | null;
  time_zone: Generated<string>;
  account_passcode_hash: string | null;
  created_at: Generated<Date>;
  /** SITE_STATUSES (migration 0004). */
  status: Generated<'active' | 'inAlarm' | 'onTest' | 'outOfService' | 'pending'>;
  /** SITE_TYPES (migration 0004). */
  site_type: Generated<'residential' | 'commercial' | 'industrial' | 'institutional'>;
  /** SITE_COUNTRIES (migration 0010). */
  country: Generated<'US' | 'CA' | 'MX'>;
}

/** Account search documents (migration 0005), maintained by triggers (at commit, migration 0030): read only. */
export interface SiteSearchTable {
  site_num: number;
  site_group_num: number;
  name_fold: string;
  doc: string;
  digits: string;
}

/**
 * The sites a transaction changed, until its commit refreshes their search rows (site_search_stale,
 * migration 0030) or their completeness (site_completeness_stale, migration 0037): triggers only.
 */
export interface StaleSitesTable {
  site_nums: number[];
}

/** What the completeness rules read of each account (migration 0007), kept current by triggers. */
export interface SiteCompletenessTable {
  site_num: number;
  site_group_num: number;
  time_zone: string;
  passcodes: number;
  verifiers: number;
  agencies: number;
  premise_phones: number;
  /** The last day a numbered permit is held through ('infinity' without expiry); null without one. */
  permit_through: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SiteFavoritesTable {
  user_id: number;
  site_num: number;
  dev_num: number | null;
  created_at: Generated<Date>;
}

export interface SiteRecentsTable {
  user_id: number;
  site_num: number;
  dev_num: number | null;
  accessed_at: Generated<Date>;
}

/** Create-account drafts (migration 0010): the stepper's values as typed, per user. */
export interface SiteDraftsTable {
  draft_id: Generated<number>;
  user_id: number;
  site_group_num: number | null;
  step: Generated<string>;
  data: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
