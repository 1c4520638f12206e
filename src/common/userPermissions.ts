import { APPLICATION } from './constants.js';
import { STAFF_FLAGS, STAFF_ROLES } from '../../schemas/users.js';

/**
 * Dealer staff management (SPEC §6): which permissions a dealer's administrator
 * (xtAdmin) may give the staff of their account group, and whom they may manage. One rule:
 * never more than the administrator holds. Internal staff (application 1) are not capped.
 */

const GRANTABLE_ROLES = STAFF_ROLES;
const GRANTABLE_FLAGS = STAFF_FLAGS;
type GrantableRole = (typeof GRANTABLE_ROLES)[number];
type GrantableFlag = (typeof GRANTABLE_FLAGS)[number];

export interface Permissions {
  roles: readonly string[];
  flags: readonly string[];
}

export interface Manager extends Permissions {
  applicationNum: number;
  userId: number;
  /** The account groups the manager belongs to. */
  siteGroupNums: readonly number[];
}

export interface ManagedUser extends Permissions {
  userId: number;
  siteGroupNums: readonly number[];
}

/** The grantable permissions among `held` (anything else a user holds is not the §6 list's). */
export function grantable(held: Permissions): { roles: GrantableRole[]; flags: GrantableFlag[] } {
  return {
    roles: GRANTABLE_ROLES.filter((role) => held.roles.includes(role)),
    flags: GRANTABLE_FLAGS.filter((flag) => held.flags.includes(flag)),
  };
}

/** What `requested` asks for beyond what `manager` may give: [] when nothing. */
export function permissionsAbove(manager: Pick<Manager, 'applicationNum' | 'roles' | 'flags'>, requested: Permissions): string[] {
  const unknown = [
    ...requested.roles.filter((role) => !(GRANTABLE_ROLES as readonly string[]).includes(role)),
    ...requested.flags.filter((flag) => !(GRANTABLE_FLAGS as readonly string[]).includes(flag)),
  ];
  if (manager.applicationNum === APPLICATION.internal) return unknown;
  return [
    ...unknown,
    ...requested.roles.filter((role) => !manager.roles.includes(role) && !unknown.includes(role)),
    ...requested.flags.filter((flag) => !manager.flags.includes(flag) && !unknown.includes(flag)),
  ];
}

export type ManageRefusal = 'self' | 'outsideGroups' | 'holdsMore';

/**
 * Whether `manager` may change `target` (permissions, disable, reset MFA, resend): not themselves,
 * a user of no group the manager lacks (a change reaches every group of the user), and a user who
 * holds no grantable permission the manager lacks. Undefined when they may; else why not.
 */
export function manageRefusal(manager: Manager, target: ManagedUser): ManageRefusal | undefined {
  if (manager.userId === target.userId) return 'self';
  if (manager.applicationNum === APPLICATION.internal) return undefined;
  if (target.siteGroupNums.some((group) => !manager.siteGroupNums.includes(group))) return 'outsideGroups';
  if (permissionsAbove(manager, grantable(target)).length) return 'holdsMore';
  return undefined;
}

/**
 * The permissions to store when `manager` sets `requested` on a user who holds `current`: the
 * grantable ones as requested, and whatever else the user holds (not the §6 list's) kept.
 */
export function nextPermissions(current: Permissions, requested: Permissions): { roles: string[]; flags: string[] } {
  const keep = (held: readonly string[], list: readonly string[]) => held.filter((p) => !list.includes(p));
  return {
    roles: [...keep(current.roles, GRANTABLE_ROLES), ...GRANTABLE_ROLES.filter((r) => requested.roles.includes(r))],
    flags: [...keep(current.flags, GRANTABLE_FLAGS), ...GRANTABLE_FLAGS.filter((f) => requested.flags.includes(f))],
  };
}
