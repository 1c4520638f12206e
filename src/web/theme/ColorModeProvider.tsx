import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { COLOR_MODE_STORAGE_KEY, initialColorMode, toggleColorMode, type ColorMode } from './colorMode.js';
import './palette.css';
import './motion.css';

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

/**
 * The remembered colour mode with a toggle (the sun/moon button, the user menu). No MUI here,
 * so the login page's first load stays small: the mode goes on <html> as data-color-mode,
 * which palette.css turns into the theme's colours as CSS custom properties. Parts drawn
 * with MUI get the matching MUI theme from <MuiThemeScope> (lazyThemed loads it with them).
 */
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
  // Before the first paint, so the page never flashes in the other mode.
  useLayoutEffect(() => {
    document.documentElement.dataset.colorMode = mode;
  }, [mode]);
  // Another tab (or the user menu of the other app) changed the mode: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_STORAGE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) setModeState(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const value = useMemo(() => ({ mode, setMode, toggle: () => setMode(toggleColorMode(mode)) }), [mode, setMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
