import type { ContactRequestStatus } from '../../schemas/documents.js';

/**
 * Support's handling of a contact-us message (/contact-requests): new → in
 * progress → closed. A message may be closed straight from new (spam, a duplicate) and opened
 * again from closed (back to in progress); it never becomes new again once someone handled it.
 */
const NEXT: Record<ContactRequestStatus, readonly ContactRequestStatus[]> = {
  new: ['inProgress', 'closed'],
  inProgress: ['closed'],
  closed: ['inProgress'],
};

/** The statuses a message can move to from `status`. */
export function nextContactStatuses(status: ContactRequestStatus): readonly ContactRequestStatus[] {
  return NEXT[status];
}

/** Whether a change of status is allowed (staying is: a change of the note alone). */
export function contactStatusAllowed(from: ContactRequestStatus, to: ContactRequestStatus): boolean {
  return from === to || NEXT[from].includes(to);
}
