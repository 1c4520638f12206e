import { describe, expect, it } from 'vitest';
import { lightRoute } from './lightRoute.js';

describe('lightRoute', () => {
  it('sends the login page (login and loginSession, SPEC §2), registration and report download to the light app', () => {
    expect(lightRoute('/login')).toBe('login');
    expect(lightRoute('/login/')).toBe('login');
    expect(lightRoute('/loginSession')).toBe('login');
    expect(lightRoute('/LOGINSESSION/')).toBe('login');
    expect(lightRoute('/login/register')).toBe('register');
    expect(lightRoute('/reports-download/abc')).toBe('reportDownload');
  });
  it('leaves everything else to the portal', () => {
    for (const path of ['/', '/loginSessions', '/login/other', '/news', '/home/dashboard', '/reports-download']) {
      expect(lightRoute(path), path).toBeUndefined();
    }
  });
});
