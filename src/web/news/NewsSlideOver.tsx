import { newsItemInputSchema } from '../../../schemas/news.js';
import { SlideOver, type SlideOverTexts } from '../resources/SlideOver.js';
import type { NewsCardItem } from './NewsCard.js';
import { NewsInputs } from './NewsInputs.js';
import { NEWS_SETUP_PATH } from './newsRoutes.js';

/** SPEC §2 news setup slide-over and §8 news messages. */
const NEWS_TEXTS: SlideOverTexts = {
  createTitle: 'news.setup.createTitle',
  editTitle: 'news.setup.editTitle',
  create: 'news.setup.create',
  save: 'news.setup.save',
  delete: 'news.setup.delete',
  close: 'news.setup.close',
  deleteTitle: 'news.setup.deleteTitle',
  deleteConfirm: 'news.setup.deleteOneConfirm',
  saved: 'news.messages.saved',
  deleted: 'news.messages.deleted',
  loadError: 'news.messages.loadError',
  saveError: 'news.messages.saveError',
  deleteError: 'news.messages.deleteError',
};

/** What a new item starts with: every field empty. */
const NEW_ITEM = {
  title: '',
  body: '',
  effectiveDate: null,
  expirationDate: null,
  order: null,
  icon: null,
  color: null,
  url: null,
  documentName: null,
  hasDocument: false,
};

/**
 * SPEC §2 news setup slide-over: 'Create News' or 'Edit News' with Create or Save, and
 * Delete only when editing; opened by /news/setup/create and /news/setup/:id.
 */
export function NewsSlideOver({ onPreview }: { onPreview?: (item: NewsCardItem | undefined) => void }) {
  return (
    <SlideOver resource="news" basePath={NEWS_SETUP_PATH} schema={newsItemInputSchema} texts={NEWS_TEXTS} defaults={NEW_ITEM}>
      <NewsInputs onPreview={onPreview} />
    </SlideOver>
  );
}
