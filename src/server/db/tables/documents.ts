import type { Generated } from 'kysely';

/** Document libraries, the product roadmap and contact-us messages. */
export interface DocumentTables {
  library_documents: LibraryDocumentsTable;
  library_document_files: LibraryDocumentFilesTable;
  roadmap_items: RoadmapItemsTable;
  contact_requests: ContactRequestsTable;
}

/** Document libraries (migration 0019): /resources and /marketing. */
export interface LibraryDocumentsTable {
  document_id: Generated<number>;
  library: string;
  title: string;
  tags: Generated<string[]>;
  audience: string;
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

/** A library document's file, stored as news_documents are. */
export interface LibraryDocumentFilesTable {
  document_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  content: Uint8Array;
  uploaded_at: Generated<Date>;
}

/** Product roadmap items (migration 0019). */
export interface RoadmapItemsTable {
  roadmap_item_id: Generated<number>;
  title: string;
  description: Generated<string>;
  status: string;
  target_date: string | null;
  shipped_on: string | null;
  published: Generated<boolean>;
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

/** Contact-us messages mailed to support (migration 0019). */
export interface ContactRequestsTable {
  contact_request_id: Generated<number>;
  reference: string | null;
  user_id: number | null;
  topic: string;
  message: string;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
  attachment: Uint8Array | null;
  created_at: Generated<Date>;
  /** Migration 0021: staff's handling (new, inProgress, closed), their internal note, who changed it last. */
  status: Generated<'new' | 'inProgress' | 'closed'>;
  internal_note: string | null;
  updated_at: Date | null;
  updated_by: number | null;
}
