import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** Signing in: sessions, remembered devices, one-time codes and tokens, throttling, captchas, authenticators and passkeys. */
export interface AuthTables {
  sessions: SessionsTable;
  trusted_devices: TrustedDevicesTable;
  mfa_codes: MfaCodesTable;
  login_throttle: LoginThrottleTable;
  one_time_tokens: OneTimeTokensTable;
  captcha_solutions: CaptchaSolutionsTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
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
