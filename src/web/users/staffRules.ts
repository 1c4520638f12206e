import { STAFF_FLAGS, STAFF_ROLES } from '../../../schemas/users.js';
import { permissionsAbove } from '../../common/userPermissions.js';

/** One checkbox of the permissions: a §6 role or flag, whether it is ticked and whether the manager may change it. */
export interface PermissionOption {
  kind: 'roles' | 'flags';
  name: string;
  checked: boolean;
  /** The manager does not hold it (src/common/userPermissions.ts: never more than the inviter holds). */
  locked: boolean;
}

export interface ManagerView {
  applicationNum: number;
  roles: readonly string[];
  authItems: Readonly<Record<string, boolean>>;
}

/** The §6 list as checkboxes for `manager`, ticked as `selected`. */
export function permissionOptions(
  manager: ManagerView,
  selected: { roles: readonly string[]; flags: readonly string[] },
): PermissionOption[] {
  const held = {
    applicationNum: manager.applicationNum,
    roles: manager.roles,
    flags: Object.entries(manager.authItems)
      .filter(([, on]) => on)
      .map(([flag]) => flag),
  };
  const option = (kind: 'roles' | 'flags', name: string): PermissionOption => ({
    kind,
    name,
    checked: selected[kind].includes(name),
    locked: permissionsAbove(held, kind === 'roles' ? { roles: [name], flags: [] } : { roles: [], flags: [name] }).length > 0,
  });
  return [...STAFF_ROLES.map((r) => option('roles', r)), ...STAFF_FLAGS.map((f) => option('flags', f))];
}

/** Ticks or unticks one permission. */
export function toggled(selected: { roles: string[]; flags: string[] }, option: Pick<PermissionOption, 'kind' | 'name'>) {
  const list = selected[option.kind];
  const next = list.includes(option.name) ? list.filter((p) => p !== option.name) : [...list, option.name];
  return { ...selected, [option.kind]: next };
}
