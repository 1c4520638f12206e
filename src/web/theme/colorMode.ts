/** The portal's colour mode (SPEC §2 sun/moon toggle, user menu Dark Mode), remembered in localStorage. */
export type ColorMode = 'light' | 'dark';

export const COLOR_MODE_STORAGE_KEY = 'color-mode';

/** The stored mode, else the system preference, else light. */
export function initialColorMode(stored: string | null, prefersDark: boolean): ColorMode {
  if (stored === 'light' || stored === 'dark') return stored;
  return prefersDark ? 'dark' : 'light';
}

export function toggleColorMode(mode: ColorMode): ColorMode {
  return mode === 'dark' ? 'light' : 'dark';
}
