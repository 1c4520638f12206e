import { describe, expect, it } from 'vitest';
import { ownLogo, shownLogo } from './brandingRules.js';

const none = { headerLogoUrl: null, darkHeaderLogoUrl: null };
const light = { headerLogoUrl: '/api/branding/logos/a', darkHeaderLogoUrl: null };
const both = { headerLogoUrl: '/api/branding/logos/a', darkHeaderLogoUrl: '/api/branding/logos/b' };

describe('the logo each theme shows', () => {
  it('is the product’s without any', () => {
    expect(shownLogo(none, 'light')).toEqual({ src: '/login/tagline.svg', source: 'product' });
    expect(shownLogo(none, 'dark')).toEqual({ src: '/login/tagline-dark.svg', source: 'product' });
  });
  it('is the light one in the dark theme when there is no dark one', () => {
    expect(shownLogo(light, 'dark')).toEqual({ src: '/api/branding/logos/a', source: 'light' });
  });
  it('is each theme’s own when both exist', () => {
    expect(shownLogo(both, 'light').src).toBe('/api/branding/logos/a');
    expect(shownLogo(both, 'dark')).toEqual({ src: '/api/branding/logos/b', source: 'own' });
    expect(ownLogo(light, 'dark')).toBeNull();
  });
});
