import { describe, expect, it } from 'vitest';
import { isLightPath } from './routes.js';

describe('isLightPath', () => {
  it('loads the light app for its pages only', () => {
    expect(isLightPath('/loginSession')).toBe(true);
    expect(isLightPath('/login/register')).toBe(true);
    expect(isLightPath('/news')).toBe(false);
  });
});
