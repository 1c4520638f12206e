import { createTheme, type Theme } from '@mui/material/styles';
import type { ColorMode } from './colorMode.js';

const NO_DURATIONS = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/** The system's 'reduce motion' setting, read when the themes are made. */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The portal's MUI theme, light and dark (the login app and the admin shell share it).
 * Colours are chosen for WCAG AA contrast on their backgrounds in both modes. The login
 * page's first paint, drawn without MUI, uses the same colours from palette.css
 * (palette.test.ts keeps the two equal): change both together.
 */
export function portalTheme(mode: ColorMode, { reducedMotion = prefersReducedMotion() } = {}): Theme {
  const dark = mode === 'dark';
  return createTheme({
    // Less motion when the system asks for it (motion.css stops the CSS animations): MUI's fades,
    // slides and collapses take no time and buttons have no ripple.
    ...(reducedMotion && { transitions: { duration: NO_DURATIONS } }),
    palette: {
      mode,
      // Dark mode hovers lighter (the default darker shade would lose contrast with the dark text).
      primary: dark
        ? { main: '#7cb8ff', dark: '#a6cfff', light: '#b9daff', contrastText: '#06213f' }
        : { main: '#0b4f9c', contrastText: '#ffffff' },
      secondary: { main: dark ? '#ffb86b' : '#9a4a00' },
      error: { main: dark ? '#ff8a80' : '#b3261e' },
      // MUI's light warning (#ed6c02) is 3.1:1 on white, as text (an outlined chip, a text button)
      // and under white text (a filled chip or notification); this one is 5.6:1. Its light and
      // dark shades stay MUI's, so the standard alerts (drawn from the light shade) keep their colours.
      ...(!dark && { warning: { main: '#b34700', light: '#ff9800', dark: '#e65100' } }),
      background: dark ? { default: '#0f1720', paper: '#17212c' } : { default: '#f4f6f9', paper: '#ffffff' },
      text: dark ? { primary: '#e8edf3', secondary: '#b4c0cc' } : { primary: '#16202b', secondary: '#4a5663' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      ...(reducedMotion && { MuiButtonBase: { defaultProps: { disableRipple: true } } }),
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      // react-admin's bulk-selection bar darkens primary.dark by half, which in dark mode (a light
      // primary.dark) leaves its red Delete at 2.5:1; the paper's shade keeps every button on it AA.
      ...(dark && {
        RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-toolbar': { backgroundColor: '#212933' } } } },
      }),
    },
  });
}
