import { describe, expect, it } from 'vitest';
import { logValue, redactUrl } from './logging.js';

describe('log redaction', () => {
  it('keeps the path and the parameter names, not their values', () => {
    expect(redactUrl('/api/site/search?q=Smith%20Residence&type=details')).toBe('/api/site/search?q=[redacted]&type=[redacted]');
    expect(redactUrl('/hubs/alarms?id=abc&access_token=eyJhbGciOi')).toBe('/hubs/alarms?id=[redacted]&access_token=[redacted]');
  });
  it('leaves a URL without a query as it is', () => {
    expect(redactUrl('/api/me')).toBe('/api/me');
  });
  it('keeps bare flags and drops empty pairs', () => {
    expect(redactUrl('/x?flag&&a=1')).toBe('/x?flag&a=[redacted]');
  });
  it('shows a submitted value by its start, length and a short hash', () => {
    const shown = logValue('dealer.beta@example.com');
    expect(shown).toMatch(/^de…\(23, [0-9a-f]{8}\)$/);
    expect(shown).not.toContain('beta');
    expect(logValue('dealer.beta@example.com')).toBe(shown);
    expect(logValue('dealer.gamma@example.com')).not.toBe(shown);
  });
});
