import type { Db } from '../../database.js';

const DEMO_BANNER = {
  title: 'Welcome to the demo portal',
  body: 'This portal runs on demonstration data. Every demo user signs in with the password shown in the README.',
  importance: 'Info' as const,
};

/** The status banner, set by support.admin (`userId`). */
export async function seedBanner(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('status_banner')
    .values({ active: true, ...DEMO_BANNER, updated_by: userId })
    .execute();
}
