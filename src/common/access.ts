import { APPLICATION } from './constants.js';

/**
 * Who may do what (SPEC §6), as one pure function both sides ask: the server
 * before it acts, react-admin's authProvider.canAccess before it shows.
 */
export interface AccessUser {
  applicationNum: number;
  canEdit: boolean;
  roles: readonly string[];
}

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'setup';

export function canAccess(user: AccessUser | null | undefined, request: { resource: string; action: Action }): boolean {
  if (!user) return false;
  const { internal, dealer } = APPLICATION;
  switch (request.resource) {
    case 'news':
      // §6 'News page: applications 1 and 2. News setup: application 1 only, with editing only when the user has canEdit.'
      if (request.action === 'list' || request.action === 'show') return user.applicationNum === internal || user.applicationNum === dealer;
      if (request.action === 'setup') return user.applicationNum === internal;
      return user.applicationNum === internal && user.canEdit;
    case 'statusBanner':
    case 'privacyPolicy':
      // §6 'Banner Settings ... apply to app 1': edited by the staff who may edit news (issue 5).
      if (request.action === 'edit') return user.applicationNum === internal && user.canEdit;
      return false;
    default:
      return false;
  }
}
