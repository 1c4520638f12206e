import type { Db } from '../../database.js';
import { DAY_MS, insertChunked } from './helpers.js';

export interface DemoNewsItem {
  title: string;
  body: string;
  /** Days from now; null for none. */
  effectiveInDays: number | null;
  expiresInDays: number | null;
  sortOrder: number | null;
  icon: string;
  color: string;
  url: string | null;
}

const DEMO_NEWS: DemoNewsItem[] = [
  {
    title: 'Scheduled portal maintenance this Sunday',
    body: 'The portal will be unavailable on Sunday from 2:00 to 4:00 AM Central while we upgrade our servers. Alarm monitoring is not affected; operators will keep handling signals as usual.',
    effectiveInDays: -2,
    expiresInDays: 12,
    sortOrder: 1,
    icon: 'calendar',
    color: 'amber',
    url: null,
  },
  {
    title: 'New: Favorites and Recents in the sidebar',
    body: 'You can now mark accounts as favorites and find the accounts you opened most recently in the site sidebar. Press / anywhere to search by account number.',
    effectiveInDays: null,
    expiresInDays: null,
    sortOrder: 2,
    icon: 'newspaper-filled',
    color: 'blue',
    url: 'https://www.example.com/release-notes/favorites-and-recents',
  },
  {
    title: '3G communicator sunset: replace legacy radios',
    body: 'Carriers have shut down their 3G networks. Accounts still reporting through 3G communicators will fail their periodic test. Run the Late-to-Test report and schedule upgrades to LTE communicators.',
    effectiveInDays: -20,
    expiresInDays: 60,
    sortOrder: 3,
    icon: 'exclamation-triangle',
    color: 'red',
    url: null,
  },
  {
    title: 'Central station certificate renewed',
    body: 'Our UL 827 central station certificate has been renewed for another year. A copy is available from the support team on request.',
    effectiveInDays: -10,
    expiresInDays: null,
    sortOrder: null,
    icon: 'exclamationmark-shield-fill',
    color: 'green',
    url: null,
  },
  {
    title: 'Holiday support hours',
    body: 'Dealer support will be open from 8:00 AM to noon on the coming holiday. The monitoring center is staffed around the clock as always.',
    effectiveInDays: 7,
    expiresInDays: 21,
    sortOrder: 4,
    icon: 'bell-alert',
    color: 'blue',
    url: null,
  },
  {
    title: 'Spring firmware update for Qolsys panels',
    body: 'The spring firmware update for Qolsys IQ Panel 4 has finished rolling out. Panels that missed the window update automatically at their next check-in.',
    effectiveInDays: -60,
    expiresInDays: -30,
    sortOrder: 5,
    icon: 'envelope',
    color: 'green',
    url: null,
  },
];

function daysFromNow(now: number, days: number | null): Date | null {
  return days === null ? null : new Date(now + days * DAY_MS);
}

/** The news items, written by support.admin (`authorId`). */
export async function seedNews(db: Db, { authorId, now }: { authorId: number; now: number }): Promise<void> {
  await insertChunked(
    db,
    'news_items',
    DEMO_NEWS.map((n) => ({
      title: n.title,
      body: n.body,
      effective_date: daysFromNow(now, n.effectiveInDays),
      expiration_date: daysFromNow(now, n.expiresInDays),
      sort_order: n.sortOrder,
      icon: n.icon,
      color: n.color,
      document_name: null,
      url: n.url,
      created_by: authorId,
      updated_by: authorId,
    })),
  );
}
