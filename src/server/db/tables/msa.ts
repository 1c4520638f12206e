import type { Generated } from 'kysely';

/** My Security Account: a customer's linked accounts and change requests. */
export interface MsaTables {
  msa_account_links: MsaAccountLinksTable;
  msa_change_requests: MsaChangeRequestsTable;
}

export interface MsaAccountLinksTable {
  user_id: number;
  site_num: number;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
}

/** What a customer asks the dealer to change (migration 0013). */
export interface MsaChangeRequestsTable {
  request_id: Generated<number>;
  site_num: number;
  site_group_num: number;
  user_id: number;
  field: string;
  current_value: string | null;
  requested_value: string;
  note: string | null;
  status: Generated<'pending' | 'done' | 'declined' | 'withdrawn'>;
  created_at: Generated<Date>;
  resolved_at: Date | null;
  /** Migration 0021: the dealer's note for the customer, and who resolved the request. */
  resolution_note: string | null;
  resolved_by: number | null;
}
