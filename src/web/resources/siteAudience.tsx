import { createContext, useContext, type ReactNode } from 'react';

/** The account's resources the site screens read and change. */
export type SiteResourceName = 'sites' | 'tests' | 'contacts' | 'zones' | 'passcodes' | 'schedules' | 'holidays';

/**
 * Who the account screens serve. The dealer's screens use /api/<name> and the access
 * table's <name> entries; the customer's (My Security Account) use the same components over
 * /api/msa/<name> and the msa<Name> entries (the customer's roles, SPEC §6). The server applies
 * the scope either way; this only names the resources.
 */
export interface SiteAudience {
  msa: boolean;
  /** The react-admin resource (ra-data-simple-rest path under /api). */
  resource(name: SiteResourceName): string;
  /** The access table's entry (useCanAccess). */
  access(name: SiteResourceName): string;
  /** A path under /api for the transport's own calls (the reveal, the calling order, tests). */
  path(rest: string): string;
}

const DEALER: SiteAudience = { msa: false, resource: (name) => name, access: (name) => name, path: (rest) => rest };

const MSA: SiteAudience = {
  msa: true,
  resource: (name) => `msa/${name}`,
  access: (name) => (name === 'sites' ? 'msaAccount' : `msa${name[0].toUpperCase()}${name.slice(1)}`),
  path: (rest) => `msa/${rest}`,
};

const SiteAudienceContext = createContext<SiteAudience>(DEALER);

/** The audience of the screen: the dealer's unless within {@link MsaAudience}. */
export const useSiteAudience = () => useContext(SiteAudienceContext);

/** The customer's screens: every account component inside reads and writes /api/msa. */
export function MsaAudience({ children }: { children: ReactNode }) {
  return <SiteAudienceContext.Provider value={MSA}>{children}</SiteAudienceContext.Provider>;
}
