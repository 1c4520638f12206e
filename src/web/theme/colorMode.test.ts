import { describe, expect, it } from 'vitest';
import { initialColorMode, toggleColorMode } from './colorMode.js';

describe('colour mode', () => {
  it('uses the stored mode first', () => {
    expect(initialColorMode('dark', false)).toBe('dark');
    expect(initialColorMode('light', true)).toBe('light');
  });
  it('else follows the system preference', () => {
    expect(initialColorMode(null, true)).toBe('dark');
    expect(initialColorMode('purple', false)).toBe('light');
  });
  it('toggles', () => {
    expect(toggleColorMode('light')).toBe('dark');
    expect(toggleColorMode('dark')).toBe('light');
  });
});
