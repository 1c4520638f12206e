import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** Account groups: their settings, uploaded logos and single sign-on providers. */
export interface AccountGroupTables {
  account_groups: AccountGroupsTable;
  branding_logos: BrandingLogosTable;
  sso_providers: SsoProvidersTable;
}

export interface AccountGroupsTable {
  site_group_num: number;
  site_group_name: string;
  dealer_number: string;
  team_domain: string | null;
  allowed_dealers: Generated<string[]>;
  header_logo_url: string | null;
  dark_header_logo_url: string | null;
  has_answering_service: Generated<boolean>;
  created_at: Generated<Date>;
  /** Whom customers contact to pay (migration 0014); null when the dealer gave none. */
  billing_email: string | null;
  billing_phone: string | null;
  /** The dealer's own contact and addresses, the group's time zone (migration 0016). */
  contact_phone: string | null;
  contact_email: string | null;
  office_address: Json<GroupAddressRow> | null;
  /** Null: the office address. */
  mailing_address: Json<GroupAddressRow> | null;
  time_zone: Generated<string>;
  updated_at: Timestamp | null;
}

export interface GroupAddressRow {
  country: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
}

/** Uploaded header logos by the SHA-256 of their bytes (migration 0016). */
export interface BrandingLogosTable {
  sha256: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  size_bytes: number;
  bytes: Uint8Array;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface SsoProvidersTable {
  provider_id: Generated<number>;
  site_group_num: number;
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  /** Shown in the provider picker; null: the name is shown (migration 0002). */
  display_name: string | null;
  created_at: Generated<Date>;
}
