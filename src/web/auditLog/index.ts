import PolicyIcon from '@mui/icons-material/Policy';
import { resourcePage } from '../resources/resourcePage.js';

/** The audit log, spread into <Resource name="audit-log">: the list (application 1), an entry in its drawer at /audit-log/:id. */
export const auditLog = {
  ...resourcePage({ titleKey: 'shell.pages.auditLog' }, () => import('./AuditLogPage.js').then((m) => m.AuditLogPage)),
  icon: PolicyIcon,
  recordRepresentation: 'action',
};
