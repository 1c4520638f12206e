import { describe, expect, it } from 'vitest';
import { createServerI18n } from './i18n.js';

describe('the server translator', () => {
  it('answers by Accept-Language, English by default', async () => {
    const i18n = await createServerI18n();
    expect(i18n.forRequest(undefined)('errors.http400')).toBe('The request is not valid');
    expect(i18n.forRequest('es-ES,es;q=0.9')('errors.http400')).not.toBe('The request is not valid');
  });

  it('answers the pseudo-locale in demo mode only, from English with its placeholders', async () => {
    const demo = await createServerI18n({ pseudo: true });
    const text = demo.forRequest('en-XA')('errors.tryAgainInMinutes', { count: 3 });
    expect(text).toMatch(/^\[Ţöö ɱáñý .*3.*\]$/);
    expect((await createServerI18n()).forRequest('en-XA')('errors.http400')).toBe('The request is not valid');
    expect(demo.forRequest('en-US')('errors.http400')).toBe('The request is not valid');
  });
});
