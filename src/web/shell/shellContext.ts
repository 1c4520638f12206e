import { createContext, useContext } from 'react';

/** What the header bar needs from the layout. */
export interface ShellControls {
  onPulse: (on: boolean) => void;
  sidebarHidden: boolean;
  toggleSidebar?: () => void;
}

export const ShellContext = createContext<ShellControls>({ onPulse: () => undefined, sidebarHidden: false });

export function useShellControls(): ShellControls {
  return useContext(ShellContext);
}
