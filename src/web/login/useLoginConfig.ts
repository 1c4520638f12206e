import { createContext, useContext } from 'react';
import type { ClientConfig } from '../../../schemas/clientConfig.js';
import { api } from '../providers/http.js';
import { getSession, updateSession } from '../providers/session.js';

/** GET /api/assets/config: the variant by host name, portal name, version, environment, demo. */
export type LoginConfig = ClientConfig;

/** Loaded once before the light app renders (loadLoginConfig), then read with useLoginConfig(). */
export const LoginConfigContext = createContext<LoginConfig | null>(null);

/** Reads the host's config once; the transport adds its version and environment to every call (§7). */
export async function loadLoginConfig(): Promise<LoginConfig> {
  const existing = getSession().config;
  if (existing) return existing;
  const config = await api<LoginConfig>('assets/config');
  updateSession({ config });
  return config;
}

export function useLoginConfig(): LoginConfig {
  const config = useContext(LoginConfigContext);
  if (!config) throw new Error('useLoginConfig() outside <LoginApp>: the config is loaded before the app renders');
  return config;
}
