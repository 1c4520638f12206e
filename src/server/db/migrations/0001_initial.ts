import { sql, type Kysely } from 'kysely';

/**
 * The whole data model the spec needs (SPEC §3), created at once so that later
 * work adds columns rather than redesigning tables. Plain PostgreSQL: it runs
 * unchanged on PGlite and on a PostgreSQL server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Dealers / account groups (siteGroupNum) and their SSO tenants.
    create table account_groups (
      site_group_num integer primary key,
      site_group_name text not null,
      dealer_number text not null,
      team_domain text unique,
      allowed_dealers text[] not null default '{}',
      header_logo_url text,
      dark_header_logo_url text,
      has_answering_service boolean not null default false,
      created_at timestamptz not null default now()
    );

    create table sso_providers (
      provider_id serial primary key,
      site_group_num integer not null references account_groups on delete cascade,
      name text not null,
      issuer text not null,
      client_id text not null,
      client_secret text not null,
      created_at timestamptz not null default now(),
      unique (site_group_num, name)
    );

    -- Users of all three applications (1 internal, 2 dealer, 3 MSA customer).
    create table users (
      user_id serial primary key,
      username text not null,
      name text not null,
      email text,
      phone_number text,
      application_num smallint not null check (application_num in (1, 2, 3)),
      password_hash text,
      dealer_number text,
      current_site_group_num integer references account_groups,
      beta_user boolean not null default false,
      can_edit_news boolean not null default false,
      roles text[] not null default '{}',
      auth_flags text[] not null default '{}',
      mfa_required boolean not null default false,
      username_reset_required boolean not null default false,
      verify_security_questions boolean not null default false,
      password_reset_required boolean not null default false,
      terms_required boolean not null default false,
      privacy_policy_required boolean not null default false,
      email_verified_at timestamptz,
      disabled_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_username_key on users (lower(username));

    create table user_account_groups (
      user_id integer not null references users on delete cascade,
      site_group_num integer not null references account_groups on delete cascade,
      primary key (user_id, site_group_num)
    );

    create table user_contact_methods (
      contact_method_id serial primary key,
      user_id integer not null references users on delete cascade,
      type text not null check (type in ('cellPhone', 'email')),
      value text not null,
      verified_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, type)
    );

    create table user_security_questions (
      user_id integer not null references users on delete cascade,
      position smallint not null,
      question text not null,
      answer_hash text not null,
      primary key (user_id, position)
    );

    -- Sessions carry the cookie token, the bearer/refresh pair and impersonation.
    create table sessions (
      session_id uuid primary key,
      user_id integer not null references users on delete cascade,
      impersonator_user_id integer references users on delete cascade,
      token_hash text not null unique,
      refresh_hash text unique,
      previous_refresh_hash text,
      bearer_expires_at timestamptz,
      pending_requirements jsonb not null default '{}',
      ip inet,
      user_agent text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz,
      end_reason text
    );
    create index sessions_user_idx on sessions (user_id);

    create table trusted_devices (
      device_id uuid primary key,
      user_id integer not null references users on delete cascade,
      token_hash text not null unique,
      label text,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );

    create table mfa_codes (
      mfa_code_id serial primary key,
      user_id integer references users on delete cascade,
      purpose text not null check (purpose in
        ('deviceVerification', 'passwordReset', 'identityVerification', 'reportingVerification')),
      contact_type text not null check (contact_type in ('cellPhone', 'email')),
      contact_value text not null,
      code_hash text not null,
      attempts smallint not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index mfa_codes_user_idx on mfa_codes (user_id, purpose, created_at desc);

    -- Throttling of sign-in and code attempts, per account and per address.
    create table login_throttle (
      throttle_key text primary key,
      failures integer not null default 0,
      last_failure_at timestamptz,
      blocked_until timestamptz
    );

    -- One-time tokens: registration links, password otps, recovery sessions, classic keys, SSO codes.
    create table one_time_tokens (
      token_hash text primary key,
      kind text not null,
      user_id integer references users on delete cascade,
      payload jsonb not null default '{}',
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index one_time_tokens_user_idx on one_time_tokens (user_id, kind);

    create table captcha_solutions (
      challenge_hash text primary key,
      expires_at timestamptz not null
    );

    -- Sites (alarm accounts), their devices (panels with a transmitter) and site data.
    create table sites (
      site_num integer primary key,
      site_group_num integer not null references account_groups,
      site_name text not null,
      address_line1 text not null,
      address_line2 text,
      city text not null,
      state text not null,
      postal_code text not null,
      phone_number text,
      time_zone text not null default 'America/Chicago',
      account_passcode_hash text,
      created_at timestamptz not null default now()
    );
    create index sites_group_idx on sites (site_group_num, site_num);
    create index sites_name_idx on sites (lower(site_name) text_pattern_ops);

    create table devices (
      dev_num integer primary key,
      site_num integer not null references sites on delete cascade,
      transmitter_code text not null unique,
      panel_type text,
      description text,
      on_test_until timestamptz,
      created_at timestamptz not null default now()
    );
    create index devices_site_idx on devices (site_num);
    create index devices_xmit_idx on devices (transmitter_code text_pattern_ops);

    create table zones (
      dev_num integer not null references devices on delete cascade,
      zone_num integer not null,
      description text not null,
      event_type text not null,
      primary key (dev_num, zone_num)
    );

    create table contacts (
      contact_id serial primary key,
      site_num integer not null references sites on delete cascade,
      position smallint not null,
      name text not null,
      relation text,
      phone_number text,
      email text,
      has_key boolean not null default false
    );
    create index contacts_site_idx on contacts (site_num, position);

    create table passcodes (
      passcode_id serial primary key,
      site_num integer not null references sites on delete cascade,
      name text not null,
      passcode text not null
    );
    create index passcodes_site_idx on passcodes (site_num);

    create table schedules (
      schedule_id serial primary key,
      site_num integer not null references sites on delete cascade,
      name text not null,
      day_of_week smallint not null check (day_of_week between 0 and 6),
      opens_at time not null,
      closes_at time not null
    );
    create index schedules_site_idx on schedules (site_num);

    create table alarm_events (
      alarm_num bigserial primary key,
      site_num integer not null references sites on delete cascade,
      dev_num integer not null references devices on delete cascade,
      site_group_num integer not null,
      transmitter_code text not null,
      zone_num integer,
      event_code text not null,
      event_code_description text not null,
      alarm_date timestamptz not null,
      received_at timestamptz not null default now()
    );
    create index alarm_events_site_idx on alarm_events (site_num, alarm_date desc);
    create index alarm_events_group_idx on alarm_events (site_group_num, alarm_date desc);

    -- Favourites and recents of dealer users; account links of MSA users.
    create table site_favorites (
      user_id integer not null references users on delete cascade,
      site_num integer not null references sites on delete cascade,
      dev_num integer references devices on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, site_num)
    );

    create table site_recents (
      user_id integer not null references users on delete cascade,
      site_num integer not null references sites on delete cascade,
      dev_num integer references devices on delete cascade,
      accessed_at timestamptz not null default now(),
      primary key (user_id, site_num)
    );
    create index site_recents_user_idx on site_recents (user_id, accessed_at desc);

    create table msa_account_links (
      user_id integer not null references users on delete cascade,
      site_num integer not null references sites on delete cascade,
      is_default boolean not null default false,
      created_at timestamptz not null default now(),
      primary key (user_id, site_num)
    );
    create unique index msa_account_links_one_default on msa_account_links (user_id) where is_default;

    -- Reports: durable jobs, their files and emailed download links.
    create table report_runs (
      report_run_id serial primary key,
      user_id integer not null references users on delete cascade,
      site_group_num integer references account_groups,
      report_name text not null,
      parameters jsonb not null default '{}',
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      progress smallint not null default 0,
      success boolean,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      read_at timestamptz
    );
    create index report_runs_user_idx on report_runs (user_id, created_at desc);
    create index report_runs_queue_idx on report_runs (created_at) where status = 'queued';

    create table report_files (
      report_file_id serial primary key,
      report_run_id integer not null references report_runs on delete cascade,
      file_name text not null,
      content_type text not null,
      size_bytes integer not null,
      content bytea not null,
      created_at timestamptz not null default now()
    );

    create table report_links (
      link_id uuid primary key,
      report_run_id integer not null references report_runs on delete cascade,
      email text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );

    -- News, status banner, privacy policy and terms.
    create table news_items (
      news_id serial primary key,
      title text not null,
      body text not null,
      effective_date timestamptz,
      expiration_date timestamptz,
      sort_order integer,
      icon text,
      color text,
      document_name text,
      url text,
      created_at timestamptz not null default now(),
      created_by integer references users on delete set null,
      updated_at timestamptz not null default now(),
      updated_by integer references users on delete set null,
      check (effective_date is null or expiration_date is null or effective_date <= expiration_date)
    );

    create table news_documents (
      news_id integer primary key references news_items on delete cascade,
      file_name text not null,
      content_type text not null,
      size_bytes integer not null,
      content bytea not null,
      uploaded_at timestamptz not null default now()
    );

    create table status_banner (
      banner_id smallint primary key default 1 check (banner_id = 1),
      active boolean not null,
      title text not null,
      body text not null,
      importance text not null check (importance in ('High', 'Warning', 'Info')),
      updated_at timestamptz not null default now(),
      updated_by integer references users on delete set null
    );

    create table privacy_policies (
      version serial primary key,
      policy_text text not null,
      created_at timestamptz not null default now(),
      created_by integer references users on delete set null
    );

    create table privacy_policy_acceptances (
      user_id integer not null references users on delete cascade,
      version integer not null references privacy_policies,
      accepted_at timestamptz not null default now(),
      ip inet,
      primary key (user_id, version)
    );

    create table terms_acceptances (
      user_id integer not null references users on delete cascade,
      accepted_at timestamptz not null default now(),
      ip inet,
      primary key (user_id, accepted_at)
    );

    -- Outbound email and text messages (the dev outbox reads this) and the audit log.
    create table outbox_messages (
      message_id bigserial primary key,
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      subject text,
      body text not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      error text
    );
    create index outbox_recipient_idx on outbox_messages (lower(recipient), created_at desc);

    create table audit_log (
      audit_id bigserial primary key,
      occurred_at timestamptz not null default now(),
      actor_user_id integer references users on delete set null,
      impersonator_user_id integer references users on delete set null,
      action text not null,
      target_type text,
      target_id text,
      ip inet,
      details jsonb not null default '{}'
    );
    create index audit_log_time_idx on audit_log (occurred_at desc);
    create index audit_log_actor_idx on audit_log (actor_user_id, occurred_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists audit_log, outbox_messages, terms_acceptances, privacy_policy_acceptances,
      privacy_policies, status_banner, news_documents, news_items, report_links, report_files,
      report_runs, msa_account_links, site_recents, site_favorites, alarm_events, schedules,
      passcodes, contacts, zones, devices, sites, captcha_solutions, one_time_tokens, login_throttle,
      mfa_codes, trusted_devices, sessions, user_security_questions, user_contact_methods,
      user_account_groups, users, sso_providers, account_groups cascade
  `.execute(db);
}
