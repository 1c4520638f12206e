import { describe, expect, it } from 'vitest';
import { isLightPath } from './routes.js';

describe('isLightPath', () => {
  it('sends the login and registration pages to the light app', () => {
    expect(isLightPath('/login')).toBe(true);
    expect(isLightPath('/login/')).toBe(true);
    expect(isLightPath('/login/register')).toBe(true);
  });
  it('sends everything else to the portal', () => {
    expect(isLightPath('/')).toBe(false);
    expect(isLightPath('/loginSession')).toBe(false);
    expect(isLightPath('/news')).toBe(false);
    expect(isLightPath('/home/dashboard')).toBe(false);
  });
});
