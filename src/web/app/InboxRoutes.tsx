import { useTranslate } from 'react-admin';
import { AuditLogPage } from '../auditLog/AuditLogPage.js';
import { ChangeRequestsPage } from '../changeRequests/ChangeRequestsPage.js';
import { ContactRequestsPage } from '../contactRequests/ContactRequestsPage.js';
import { PageTitle } from './PageTitle.js';

export type InboxPage = 'auditLog' | 'contactRequests' | 'changeRequests';

/**
 * /audit-log and /contact-requests (staff, application 1) and /change-requests
 * (dealers; the customers' change requests): the page's title and the screen.
 */
export function InboxRoute({ titleKey, page }: { titleKey: string; page: InboxPage }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      {page === 'auditLog' && <AuditLogPage />}
      {page === 'contactRequests' && <ContactRequestsPage />}
      {page === 'changeRequests' && <ChangeRequestsPage />}
    </>
  );
}
