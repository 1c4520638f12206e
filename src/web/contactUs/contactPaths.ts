import { isWellFormedRequestId } from '../../common/requestId.js';

// The contact page's address for the error pages, apart from the page's rules and the topics' schema.

/** Where Report Bug goes (SPEC §2 error pages): the bug topic, with the failed call's request id when there is one. */
export function bugReportPath(requestId?: string): string {
  const params = new URLSearchParams({ topic: 'bug' });
  if (isWellFormedRequestId(requestId)) params.set('requestId', requestId);
  return `/home/contact-us?${params}`;
}
