import type { Generated } from 'kysely';

/** Privacy policy versions and who accepted them and the terms. */
export interface PrivacyTables {
  privacy_policies: PrivacyPoliciesTable;
  privacy_policy_acceptances: PrivacyPolicyAcceptancesTable;
  terms_acceptances: TermsAcceptancesTable;
}

export interface PrivacyPoliciesTable {
  version: Generated<number>;
  policy_text: string;
  created_at: Generated<Date>;
  created_by: number | null;
}

export interface PrivacyPolicyAcceptancesTable {
  user_id: number;
  version: number;
  accepted_at: Generated<Date>;
  ip: string | null;
}

export interface TermsAcceptancesTable {
  user_id: number;
  accepted_at: Generated<Date>;
  ip: string | null;
}
