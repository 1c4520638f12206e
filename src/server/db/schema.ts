import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables that migrations/0001_initial.ts creates. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A jsonb column with a database default: optional on insert. */
type Json<T = Record<string, unknown>> = ColumnType<T, string | T | undefined, string | T>;

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

export interface SessionsTable {
  session_id: string;
  user_id: number;
  impersonator_user_id: number | null;
  token_hash: string;
  refresh_hash: string | null;
  previous_refresh_hash: string | null;
  bearer_expires_at: Timestamp | null;
  pending_requirements: Json;
  ip: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: string | null;
}

export interface TrustedDevicesTable {
  device_id: string;
  user_id: number;
  token_hash: string;
  label: string | null;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export type MfaPurpose = 'deviceVerification' | 'passwordReset' | 'identityVerification' | 'reportingVerification';

export interface MfaCodesTable {
  mfa_code_id: Generated<number>;
  user_id: number | null;
  purpose: MfaPurpose;
  contact_type: 'cellPhone' | 'email';
  contact_value: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginThrottleTable {
  throttle_key: string;
  failures: Generated<number>;
  last_failure_at: Timestamp | null;
  blocked_until: Timestamp | null;
}

export interface OneTimeTokensTable {
  token_hash: string;
  kind: string;
  user_id: number | null;
  payload: Json;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface CaptchaSolutionsTable {
  challenge_hash: string;
  expires_at: Timestamp;
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

/** Account search documents (migration 0005), maintained by triggers: read only. */
export interface SiteSearchTable {
  site_num: number;
  site_group_num: number;
  name_fold: string;
  doc: string;
  digits: string;
}

export interface DevicesTable {
  dev_num: number;
  site_num: number;
  transmitter_code: string;
  panel_type: string | null;
  description: string | null;
  on_test_until: Timestamp | null;
  created_at: Generated<Date>;
}

export interface ZonesTable {
  dev_num: number;
  zone_num: number;
  description: string;
  event_type: string;
}

export interface ContactsTable {
  contact_id: Generated<number>;
  site_num: number;
  position: number;
  name: string;
  relation: string | null;
  phone_number: string | null;
  email: string | null;
  has_key: Generated<boolean>;
  /** May verify an alarm (migration 0004). */
  verifies: Generated<boolean>;
  /** The contact's own passcode, masked like the account's (migration 0009). */
  passcode: string | null;
}

export interface SiteAgenciesTable {
  agency_id: Generated<number>;
  site_num: number;
  kind: 'police' | 'fire' | 'medical' | 'guard';
  name: string;
  phone_number: string | null;
  permit_number: string | null;
  /** 'YYYY-MM-DD'. */
  permit_expires_on: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PremisePhonesTable {
  phone_id: Generated<number>;
  site_num: number;
  label: string;
  phone_number: string;
}

export interface PasscodesTable {
  passcode_id: Generated<number>;
  site_num: number;
  name: string;
  passcode: string;
  /** The duress passcode (at most one per account; migration 0009). */
  is_duress: Generated<boolean>;
}

export interface SchedulesTable {
  schedule_id: Generated<number>;
  site_num: number;
  name: string;
  day_of_week: number;
  opens_at: string;
  closes_at: string;
}

/** A day the weekly schedule does not apply (migration 0009): closed all day (times null) or special times. */
export interface ScheduleHolidaysTable {
  holiday_id: Generated<number>;
  site_num: number;
  date: string;
  name: string;
  opens_at: string | null;
  closes_at: string | null;
}

export interface AlarmEventsTable {
  alarm_num: Generated<number>;
  site_num: number;
  dev_num: number;
  site_group_num: number;
  transmitter_code: string;
  zone_num: number | null;
  event_code: string;
  event_code_description: string;
  alarm_date: Timestamp;
  received_at: Generated<Date>;
  /** EVENT_KINDS, generated from event_code by the database (migration 0004; 'change' since 0009). */
  event_kind: ColumnType<'alarm' | 'trouble' | 'openClose' | 'test' | 'restore' | 'other' | 'change', never, never>;
  /** Covered by a test when it arrived: stored, not pushed live (migration 0008). */
  on_test: Generated<boolean>;
}

/** Tests placed on accounts (migration 0008; src/common/siteTests.ts). */
export interface SiteTestsTable {
  test_id: Generated<number>;
  site_num: number;
  /** The device of a device or zones test (or of a kinds test limited to one device). */
  dev_num: number | null;
  scope: 'site' | 'device' | 'zones' | 'kinds';
  zones: Generated<number[]>;
  kinds: Generated<string[]>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: string;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_by: number | null;
  updated_at: Generated<Date>;
  ended_at: Timestamp | null;
  ended_by: number | null;
  end_reason: 'expired' | 'cancelled' | null;
  /** Why it was ended early. */
  end_note: string | null;
  /** The account status to return to when the last test of the account ends. */
  return_status: 'active' | 'inAlarm' | 'outOfService' | 'pending' | null;
}

/** Events per account, UTC day and kind (migration 0007), kept current by triggers on alarm_events. */
export interface EventDaysTable {
  site_group_num: number;
  site_num: number;
  /** The UTC calendar day of alarm_date. */
  day: ColumnType<string, string, string>;
  event_kind: string;
  count: number;
}

/** event_days summed per account group (migration 0007). */
export interface GroupEventDaysTable {
  site_group_num: number;
  day: ColumnType<string, string, string>;
  event_kind: string;
  count: number;
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

/** Report tables (migration 0011; schemas/reports.ts). */
export interface ReportSchedulesTable {
  schedule_id: Generated<number>;
  user_id: number;
  site_group_num: number | null;
  name: string;
  report_id: string;
  format: 'csv' | 'xlsx' | 'pdf';
  parameters: Json;
  frequency: 'daily' | 'weekly' | 'monthly';
  time_of_day: string;
  weekday: number | null;
  month_day: number | null;
  time_zone: string;
  language: Generated<string>;
  recipients: string[];
  active: Generated<boolean>;
  next_run_at: Timestamp | null;
  last_run_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ReportRunsTable {
  report_run_id: Generated<number>;
  user_id: number;
  site_group_num: number | null;
  schedule_id: number | null;
  report_id: string;
  report_name: string;
  format: 'csv' | 'xlsx' | 'pdf';
  parameters: Json;
  time_zone: Generated<string>;
  language: Generated<string>;
  status: Generated<'queued' | 'running' | 'done' | 'failed' | 'cancelled'>;
  progress: Generated<number>;
  error: string | null;
  row_count: number | null;
  /** bigint: pg answers a string. */
  size_bytes: ColumnType<string | null, number | null, number | null>;
  file_name: string | null;
  content_type: string | null;
  attempts: Generated<number>;
  cancel_requested: Generated<boolean>;
  worker_id: string | null;
  heartbeat_at: Timestamp | null;
  created_at: Generated<Date>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface ReportFileChunksTable {
  report_run_id: number;
  seq: number;
  bytes: Uint8Array;
}

export interface ReportLinksTable {
  link_id: string;
  report_run_id: number;
  email: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface ReportLinkCodesTable {
  code_id: Generated<number>;
  link_id: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface NewsItemsTable {
  news_id: Generated<number>;
  title: string;
  body: string;
  effective_date: Timestamp | null;
  expiration_date: Timestamp | null;
  sort_order: number | null;
  icon: string | null;
  color: string | null;
  document_name: string | null;
  url: string | null;
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

export interface NewsDocumentsTable {
  news_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content: Uint8Array;
  uploaded_at: Generated<Date>;
}

/** Document libraries (migration 0019): /resources and /marketing. */
export interface LibraryDocumentsTable {
  document_id: Generated<number>;
  library: string;
  title: string;
  tags: Generated<string[]>;
  audience: string;
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

/** A library document's file, stored as news_documents are. */
export interface LibraryDocumentFilesTable {
  document_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content: Uint8Array;
  uploaded_at: Generated<Date>;
}

/** Product roadmap items (migration 0019). */
export interface RoadmapItemsTable {
  roadmap_item_id: Generated<number>;
  title: string;
  description: Generated<string>;
  status: string;
  target_date: string | null;
  shipped_on: string | null;
  published: Generated<boolean>;
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

/** Contact-us messages mailed to support (migration 0019). */
export interface ContactRequestsTable {
  contact_request_id: Generated<number>;
  reference: string | null;
  user_id: number | null;
  topic: string;
  message: string;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
  attachment: Uint8Array | null;
  created_at: Generated<Date>;
  /** Migration 0021: staff's handling (new, inProgress, closed), their internal note, who changed it last. */
  status: Generated<'new' | 'inProgress' | 'closed'>;
  internal_note: string | null;
  updated_at: Date | null;
  updated_by: number | null;
}

export interface StatusBannerTable {
  banner_id: Generated<number>;
  active: boolean;
  title: string;
  body: string;
  importance: 'High' | 'Warning' | 'Info';
  updated_at: Generated<Date>;
  updated_by: number | null;
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

export interface OutboxMessagesTable {
  message_id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
  error: string | null;
}

export interface AuditLogTable {
  audit_id: Generated<number>;
  occurred_at: Generated<Date>;
  actor_user_id: number | null;
  impersonator_user_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  details: Json;
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

/** A line of an invoice (invoices.lines). */
export interface InvoiceLineRow {
  description: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
}

/** Invoices of an account (migration 0014; schemas/invoices.ts): 'overdue' is computed, not stored. */
export interface InvoicesTable {
  invoice_id: Generated<number>;
  site_num: number;
  site_group_num: number;
  number: string;
  /** date columns: written and read as 'YYYY-MM-DD' (the repository selects them with to_char). */
  issued_on: string;
  due_on: string;
  period_start: string;
  period_end: string;
  total_cents: number;
  paid_cents: Generated<number>;
  paid_on: string | null;
  status: Generated<'open' | 'paid' | 'void'>;
  currency: Generated<'USD' | 'CAD' | 'MXN'>;
  lines: Json<InvoiceLineRow[]>;
  created_at: Generated<Date>;
}

/** What the station bills a dealer for a month (migration 0017; schemas/dealerInvoices.ts): 'overdue' is computed, not stored. */
export interface DealerInvoicesTable {
  dealer_invoice_id: Generated<number>;
  site_group_num: number;
  number: string;
  /** date columns: 'YYYY-MM-DD' (month: the first day of the month billed). */
  month: string;
  issued_on: string;
  due_on: string;
  period_start: string;
  period_end: string;
  total_cents: number;
  paid_cents: Generated<number>;
  paid_on: string | null;
  status: Generated<'open' | 'paid' | 'void'>;
  currency: Generated<'USD' | 'CAD' | 'MXN'>;
  issuer_name: string;
  issuer_address: Generated<string[]>;
  issuer_phone: string | null;
  issuer_email: string | null;
  created_at: Generated<Date>;
}

/** One account's service on a dealer invoice (migration 0017); site_num and site_name null for the group's own lines. */
export interface DealerInvoiceLinesTable {
  line_id: Generated<number>;
  dealer_invoice_id: number;
  site_num: number | null;
  site_name: string | null;
  service: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
}

/** A contact method of an on-call person (migration 0015). */
export interface AnsContactMethodRow {
  type: 'phone' | 'text' | 'email';
  value: string;
}

/** One day of an answering-service week (migration 0015). */
export interface AnsWeekDayRow {
  dayOfWeek: number;
  open: boolean;
  opensAt: string;
  closesAt: string;
}

export interface AnsMessagesTable {
  message_id: Generated<number>;
  site_group_num: number;
  site_num: number | null;
  caller_name: string;
  caller_number: string;
  kind: 'emergency' | 'service' | 'billing' | 'general';
  body: string;
  taken_at: Timestamp;
  delivered_to: string | null;
  status: Generated<'new' | 'delivered' | 'handled'>;
  handled_at: Timestamp | null;
  handled_by: number | null;
  created_at: Generated<Date>;
}

export interface AnsOnCallTable {
  entry_id: Generated<number>;
  site_group_num: number;
  person_name: string;
  contact_methods: Json<AnsContactMethodRow[]>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  weekly: Generated<boolean>;
  notes: Generated<string>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnsAutoNotifyTable {
  rule_id: Generated<number>;
  site_group_num: number;
  name: string;
  kind: 'any' | 'emergency' | 'service' | 'billing' | 'general';
  site_nums: ColumnType<number[], number[] | undefined, number[]>;
  person_name: string;
  channel: 'email' | 'text';
  destination: string;
  active: Generated<boolean>;
  last_test_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnsBusinessHoursTable {
  site_group_num: number;
  time_zone: Generated<string>;
  days: ColumnType<AnsWeekDayRow[], string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnsHoursExceptionsTable {
  exception_id: Generated<number>;
  site_group_num: number;
  name: string;
  /** date columns: written as 'YYYY-MM-DD', read with to_char. */
  date: string;
  end_date: string;
  closed: Generated<boolean>;
  opens_at: string | null;
  closes_at: string | null;
  created_at: Generated<Date>;
}

/** migrations/0023_authenticator.ts */
export interface UserTotpTable {
  user_id: number;
  secret_encrypted: string;
  created_at: Generated<Date>;
  confirmed_at: Timestamp | null;
  last_time_step: number | null;
  last_used_at: Timestamp | null;
}

export interface UserRecoveryCodesTable {
  recovery_code_id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Generated<Date>;
  used_at: Timestamp | null;
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

export interface Database {
  account_groups: AccountGroupsTable;
  sso_providers: SsoProvidersTable;
  users: UsersTable;
  user_account_groups: UserAccountGroupsTable;
  user_contact_methods: UserContactMethodsTable;
  user_security_questions: UserSecurityQuestionsTable;
  sessions: SessionsTable;
  trusted_devices: TrustedDevicesTable;
  mfa_codes: MfaCodesTable;
  login_throttle: LoginThrottleTable;
  one_time_tokens: OneTimeTokensTable;
  captcha_solutions: CaptchaSolutionsTable;
  sites: SitesTable;
  site_search: SiteSearchTable;
  devices: DevicesTable;
  zones: ZonesTable;
  contacts: ContactsTable;
  site_agencies: SiteAgenciesTable;
  premise_phones: PremisePhonesTable;
  passcodes: PasscodesTable;
  schedules: SchedulesTable;
  schedule_holidays: ScheduleHolidaysTable;
  alarm_events: AlarmEventsTable;
  site_tests: SiteTestsTable;
  event_days: EventDaysTable;
  group_event_days: GroupEventDaysTable;
  site_completeness: SiteCompletenessTable;
  site_favorites: SiteFavoritesTable;
  site_recents: SiteRecentsTable;
  msa_account_links: MsaAccountLinksTable;
  msa_change_requests: MsaChangeRequestsTable;
  report_schedules: ReportSchedulesTable;
  report_runs: ReportRunsTable;
  report_file_chunks: ReportFileChunksTable;
  report_links: ReportLinksTable;
  report_link_codes: ReportLinkCodesTable;
  news_items: NewsItemsTable;
  news_documents: NewsDocumentsTable;
  status_banner: StatusBannerTable;
  privacy_policies: PrivacyPoliciesTable;
  privacy_policy_acceptances: PrivacyPolicyAcceptancesTable;
  terms_acceptances: TermsAcceptancesTable;
  outbox_messages: OutboxMessagesTable;
  audit_log: AuditLogTable;
  site_drafts: SiteDraftsTable;
  invoices: InvoicesTable;
  branding_logos: BrandingLogosTable;
  dealer_invoices: DealerInvoicesTable;
  dealer_invoice_lines: DealerInvoiceLinesTable;
  ans_messages: AnsMessagesTable;
  ans_on_call: AnsOnCallTable;
  ans_auto_notify: AnsAutoNotifyTable;
  ans_business_hours: AnsBusinessHoursTable;
  ans_hours_exceptions: AnsHoursExceptionsTable;
  library_documents: LibraryDocumentsTable;
  library_document_files: LibraryDocumentFilesTable;
  roadmap_items: RoadmapItemsTable;
  contact_requests: ContactRequestsTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  impersonations: ImpersonationsTable;
}

/** A registered passkey (migration 0022). */
export interface WebauthnCredentialsTable {
  passkey_id: Generated<number>;
  /** base64url, as the browser sends it. */
  credential_id: string;
  user_id: number;
  /** base64url user handle the passkey carries (no personal data). */
  user_handle: string;
  /** The COSE public key. */
  public_key: Uint8Array;
  counter: Generated<number>;
  transports: Generated<string[]>;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: Generated<boolean>;
  aaguid: string | null;
  rp_id: string;
  name: string;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
}

export type WebauthnPurpose = 'registration' | 'signIn' | 'mfa';

/** A ceremony's challenge, used once (migration 0022). */
export interface WebauthnChallengesTable {
  challenge_hash: string;
  purpose: WebauthnPurpose;
  binding_hash: string;
  user_id: number | null;
  variant: 'dealer' | 'customer' | null;
  rp_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
