import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** Users, their groups, contact methods and security questions, and support acting as them. */
export interface UserTables {
  users: UsersTable;
  user_account_groups: UserAccountGroupsTable;
  user_contact_methods: UserContactMethodsTable;
  user_security_questions: UserSecurityQuestionsTable;
  impersonations: ImpersonationsTable;
}

export interface UsersTable {
  user_id: Generated<number>;
  username: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  application_num: 1 | 2 | 3;
  password_hash: string | null;
  dealer_number: string | null;
  current_site_group_num: number | null;
  /** The customer's active linked account (migration 0013). */
  active_site_num: number | null;
  beta_user: Generated<boolean>;
  can_edit_news: Generated<boolean>;
  roles: Generated<string[]>;
  auth_flags: Generated<string[]>;
  mfa_required: Generated<boolean>;
  username_reset_required: Generated<boolean>;
  verify_security_questions: Generated<boolean>;
  password_reset_required: Generated<boolean>;
  terms_required: Generated<boolean>;
  privacy_policy_required: Generated<boolean>;
  email_verified_at: Timestamp | null;
  disabled_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The user's chosen language and theme on /user-account (migration 0018); null until chosen. */
  language: ColumnType<'en' | 'es' | 'fr' | null, 'en' | 'es' | 'fr' | null | undefined, 'en' | 'es' | 'fr' | null>;
  theme: ColumnType<'light' | 'dark' | null, 'light' | 'dark' | null | undefined, 'light' | 'dark' | null>;
  /** A dealer user invited by their group's administrator (migration 0018). */
  invited_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  invited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface UserAccountGroupsTable {
  user_id: number;
  site_group_num: number;
}

export interface UserContactMethodsTable {
  contact_method_id: Generated<number>;
  user_id: number;
  type: 'cellPhone' | 'email';
  value: string;
  verified_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface UserSecurityQuestionsTable {
  user_id: number;
  position: number;
  question: string;
  answer_hash: string;
}

/** Each time support acted as a user (migration 0020). */
export interface ImpersonationsTable {
  impersonation_id: Generated<number>;
  impersonator_user_id: number | null;
  /** The support user's display name when it started. */
  impersonator_name: string;
  target_user_id: number;
  session_id: string | null;
  reason: string;
  duration_minutes: number;
  started_at: Generated<Date>;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}
