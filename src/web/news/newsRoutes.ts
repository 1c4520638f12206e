/** SPEC §2 route of the admins' news setup; its slide-over opens on /news/setup/create and /news/setup/:id. */
export const NEWS_SETUP_PATH = '/news/setup';
