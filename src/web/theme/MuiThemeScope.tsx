import type { ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ColorMode } from './colorMode.js';
import { useColorMode } from './ColorModeProvider.js';
import { portalTheme } from './theme.js';

const themes: Partial<Record<ColorMode, Theme>> = {};

/** One theme object per mode, shared by every scope. */
function themeFor(mode: ColorMode): Theme {
  return (themes[mode] ??= portalTheme(mode));
}

/**
 * The portal's MUI theme in the current colour mode, for the MUI parts of the light app
 * (steps, dialogs, the registration page). Loaded with them, never on the first paint.
 */
export function MuiThemeScope({ children }: { children: ReactNode }) {
  const { mode } = useColorMode();
  return <ThemeProvider theme={themeFor(mode)}>{children}</ThemeProvider>;
}
