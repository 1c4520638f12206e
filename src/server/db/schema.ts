import type { AccountGroupTables } from './tables/accountGroups.js';
import type { AnsServiceTables } from './tables/ansService.js';
import type { AuditTables } from './tables/audit.js';
import type { AuthTables } from './tables/auth.js';
import type { BillingTables } from './tables/billing.js';
import type { DocumentTables } from './tables/documents.js';
import type { EventTables } from './tables/events.js';
import type { IntegrationTables } from './tables/integrations.js';
import type { MsaTables } from './tables/msa.js';
import type { NewsTables } from './tables/news.js';
import type { OutboxTables } from './tables/outbox.js';
import type { PrivacyTables } from './tables/privacy.js';
import type { ReportTables } from './tables/reports.js';
import type { SiteDetailTables } from './tables/siteDetails.js';
import type { SiteImportTables } from './tables/siteImports.js';
import type { SiteTables } from './tables/sites.js';
import type { UserTables } from './tables/users.js';

/**
 * Kysely's view of the tables that the migrations create. Each feature declares its tables in
 * tables/<feature>.ts; their row types are exported from here too, so importers need not know
 * which file holds a table.
 */
export interface Database
  extends
    AccountGroupTables,
    UserTables,
    AuthTables,
    SiteTables,
    SiteDetailTables,
    EventTables,
    MsaTables,
    ReportTables,
    NewsTables,
    DocumentTables,
    PrivacyTables,
    AuditTables,
    OutboxTables,
    BillingTables,
    AnsServiceTables,
    SiteImportTables,
    IntegrationTables {}

export type * from './tables/accountGroups.js';
export type * from './tables/ansService.js';
export type * from './tables/audit.js';
export type * from './tables/auth.js';
export type * from './tables/billing.js';
export type * from './tables/documents.js';
export type * from './tables/events.js';
export type * from './tables/integrations.js';
export type * from './tables/msa.js';
export type * from './tables/news.js';
export type * from './tables/outbox.js';
export type * from './tables/privacy.js';
export type * from './tables/reports.js';
export type * from './tables/siteDetails.js';
export type * from './tables/siteImports.js';
export type * from './tables/sites.js';
export type * from './tables/users.js';
