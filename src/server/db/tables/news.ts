import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** What the portal announces: news items with their documents, and the status banner. */
export interface NewsTables {
  news_items: NewsItemsTable;
  news_documents: NewsDocumentsTable;
  status_banner: StatusBannerTable;
}

export interface NewsItemsTable {
  news_id: Generated<number>;
  title: string;
  body: string;
  effective_date: Timestamp | null;
  expiration_date: Timestamp | null;
  sort_order: number | null;
  icon: string | null;
  color: string | null;
  document_name: string | null;
  url: string | null;
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

export interface NewsDocumentsTable {
  news_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content: Uint8Array;
  uploaded_at: Generated<Date>;
}

export interface StatusBannerTable {
  banner_id: Generated<number>;
  active: boolean;
  title: string;
  body: string;
  importance: 'High' | 'Warning' | 'Info';
  updated_at: Generated<Date>;
  updated_by: number | null;
}
