/** Catalogues the light apps never show (react-admin's own, admin-only screens). */
export const SKIPPED_CATALOGUES: ReadonlySet<string> = new Set([
  'ra',
  'news',
  'privacyPolicies',
  'outbox',
  'resources',
  'shell',
  'sites',
  'siteInfo',
  'events',
  'dashboard',
  'accountEdits',
  'siteCreate',
  'siteTests',
  'reports',
  'reportScreens',
  'msa',
  'billing',
  'accountGroup',
  'branding',
  'userAccount',
  'users',
  'ansService',
  'documents',
  'contactUs',
  'roadmap',
  'siteImport',
  'integrations',
]);

/** Catalogues the login page needs on its first paint; the rest come with the lazy parts. */
export const FIRST_LOAD_CATALOGUES: readonly string[] = ['login', 'transport', 'validation', 'errors', 'banner'];
