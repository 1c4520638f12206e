import { describe, expect, it } from 'vitest';
import { portalTheme } from './theme.js';

describe('portalTheme and reduced motion', () => {
  it('keeps MUI’s transitions and ripples by default', () => {
    const theme = portalTheme('light', { reducedMotion: false });
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });
  it('drops them when the system asks for less motion', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = portalTheme(mode, { reducedMotion: true });
      expect(Object.values(theme.transitions.duration).every((ms) => ms === 0)).toBe(true);
      expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    }
  });
});
