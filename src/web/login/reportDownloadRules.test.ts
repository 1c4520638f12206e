import { describe, expect, it } from 'vitest';
import {
  afterDownloadAttempt,
  cancelTarget,
  fileNameOf,
  freshTokenExpiry,
  isReportCode,
  linkIdOf,
  portalTarget,
  resendWait,
  storeTokenExpiry,
} from './reportDownloadRules.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('report download page rules', () => {
  it('reads the link id of /reports-download/{id}', () => {
    expect(linkIdOf('/reports-download/AbC_12-x')).toBe('AbC_12-x');
    expect(linkIdOf('/reports-download/AbC/')).toBe('AbC');
    expect(linkIdOf('/reports-download/')).toBeNull();
    expect(linkIdOf('/reports-download/a/b')).toBeNull();
  });

  it('downloads at once only while the stored token expiry is in the future, per link', () => {
    const storage = memoryStorage();
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(freshTokenExpiry(storage, 'a', now)).toBeNull();
    storeTokenExpiry(storage, 'a', '2026-11-24T11:00:00Z');
    expect(freshTokenExpiry(storage, 'a', now)).toBe('2026-11-24T11:00:00Z');
    expect(freshTokenExpiry(storage, 'b', now)).toBeNull();
    expect(freshTokenExpiry(storage, 'a', Date.parse('2026-11-24T11:00:01Z'))).toBeNull();
  });

  it('asks for a code on 401, shows an error page otherwise', () => {
    expect(afterDownloadAttempt(200)).toBe('saved');
    expect(afterDownloadAttempt(401)).toBe('askCode');
    expect(afterDownloadAttempt(404)).toBe('error');
    expect(afterDownloadAttempt(410)).toBe('error');
  });

  it('blocks Resend Code for 30 s', () => {
    expect(resendWait(1_000, 1_000)).toBe(30);
    expect(resendWait(1_000, 30_500)).toBe(1);
    expect(resendWait(1_000, 31_000)).toBe(0);
  });

  it('cancel goes to the inbox for internal users, else to login', () => {
    expect(cancelTarget(true)).toBe('/reports/inbox');
    expect(cancelTarget(false)).toBe('/login');
  });

  it("verified, an internal user goes to the run's page, anyone else to sign in", () => {
    expect(portalTarget(true, 42)).toBe('/reports/42');
    expect(portalTarget(false, 42)).toBe('/login');
    expect(portalTarget(true, undefined)).toBe('/reports/inbox');
  });

  it('takes exactly six digits', () => {
    expect(isReportCode('123456')).toBe(true);
    expect(isReportCode('12345')).toBe(false);
    expect(isReportCode('12345a')).toBe(false);
  });

  it('names the file from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="zoneList-12-20261124.csv"', 'report')).toBe('zoneList-12-20261124.csv');
    expect(fileNameOf(null, 'report')).toBe('report');
  });
});
