/**
 * The answering service's pages. A module of their own: the area's tabs are part of the portal's
 * start, the rules (and date-fns with them) only of its pages.
 */
export const ANS_PATHS = {
  messages: '/ans-service/messages',
  onCall: '/ans-service/on-call',
  autoNotify: '/ans-service/auto-notify',
  businessHours: '/ans-service/business-hours',
  tempBusinessHours: '/ans-service/temp-business-hours',
} as const;
