import type { ChangeRequest } from '../../schemas/msa.js';

/**
 * The dealer's answer to a customer's change request (/change-requests): only
 * a pending request is answered, once, done or declined; a declined one needs a note saying why
 * (the customer reads it on /msa/account-info).
 */
export function resolutionRefusal(
  current: ChangeRequest['status'],
  resolution: { status: 'done' | 'declined'; note?: string | null },
): { message: string; field?: 'note' } | null {
  if (current !== 'pending') return { message: 'changeRequests.errors.notPending' };
  if (resolution.status === 'declined' && !resolution.note?.trim())
    return { message: 'changeRequests.errors.reasonRequired', field: 'note' };
  return null;
}

/** How many of the requests are still waiting for the dealer. */
export function pendingCount(requests: readonly Pick<ChangeRequest, 'status'>[]): number {
  return requests.filter((r) => r.status === 'pending').length;
}
