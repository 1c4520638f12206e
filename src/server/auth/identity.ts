import type { User } from '../../../schemas/user.js';
import { AUTH_FLAGS, ROLE_NAMES } from '../../../schemas/user.js';
import type { Db } from '../db/database.js';
import type { UserRow } from './authPlugin.js';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[words.length - 1][0]] : [words[0]?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/** SPEC §3 user, as the client's getIdentity and permission rules read it. */
export async function identityOf(db: Db, user: UserRow): Promise<User> {
  const group = user.current_site_group_num
    ? await db
        .selectFrom('account_groups')
        .select(['site_group_num', 'site_group_name', 'has_answering_service'])
        .where('site_group_num', '=', user.current_site_group_num)
        .executeTakeFirst()
    : undefined;
  return {
    name: user.name,
    email: user.email,
    initials: initialsOf(user.name),
    phoneNumber: user.phone_number,
    applicationNum: user.application_num,
    authItems: Object.fromEntries(AUTH_FLAGS.map((flag) => [flag, user.auth_flags.includes(flag)])) as User['authItems'],
    roles: user.roles.filter((r): r is (typeof ROLE_NAMES)[number] => (ROLE_NAMES as readonly string[]).includes(r)),
    appUserNum: user.user_id,
    dealer: group
      ? { siteGroupNum: group.site_group_num, siteGroupName: group.site_group_name, hasAnsweringService: group.has_answering_service }
      : null,
    canEdit: user.can_edit_news,
    preferences: { language: user.language, theme: user.theme },
  };
}
