import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { COLOR_MODE_STORAGE_KEY, initialColorMode, toggleColorMode, type ColorMode } from './colorMode.js';
import { portalTheme } from './theme.js';

interface ColorModeValue {
  mode: ColorMode;
  toggle: () => void;
  setMode: (mode: ColorMode) => void;
}

const ColorModeContext = createContext<ColorModeValue>({ mode: 'light', toggle: () => undefined, setMode: () => undefined });

function readInitial(): ColorMode {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
  } catch {
    // storage may be unavailable (private mode): the system preference decides
  }
  return initialColorMode(stored, window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);
}

/** The theme in the remembered colour mode, with a toggle for the sun/moon button and the user menu. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ColorMode>(readInitial);
  const setMode = useCallback((next: ColorMode) => {
    setModeState(next);
    try {
      localStorage.setItem(COLOR_MODE_STORAGE_KEY, next);
    } catch {
      // not remembered, still applied
    }
  }, []);
  // Another tab (or the user menu of the other app) changed the mode: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_STORAGE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) setModeState(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const value = useMemo(() => ({ mode, setMode, toggle: () => setMode(toggleColorMode(mode)) }), [mode, setMode]);
  const theme = useMemo(() => portalTheme(mode), [mode]);
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
