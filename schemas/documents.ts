import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, idsFilter, INT4_MAX, int4IdsFilter, int4Range, nonEmptySchema, notBlank } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * Document libraries (SPEC §2 /resources and /marketing): PDFs and images staff
 * upload with a title, tags and an audience; everyone the access table allows browses, searches
 * by title or tag and downloads. Stored as news documents are (a metadata row and its file).
 * `/api/documents` in ra-data-simple-rest conventions (`filter={"library":…,"q":…,"tag":…}`);
 * the upload is multipart (fields title, tags, audience, library; one file).
 */

/** The two libraries: /resources (dealers and staff) and /marketing (application 1, §2 drawer). */
export const DOCUMENT_LIBRARIES = ['resources', 'marketing'] as const;
export type DocumentLibrary = (typeof DOCUMENT_LIBRARIES)[number];
/** Who a document is for: dealers see only 'dealers' documents; staff see both. */
export const DOCUMENT_AUDIENCES = ['dealers', 'staff'] as const;
export type DocumentAudience = (typeof DOCUMENT_AUDIENCES)[number];
/** What may be uploaded, checked by content (SVG and everything else refused). */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** Largest library file accepted (the portal's limit, as for news documents). */
export const LIBRARY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_LIMITS = {
  titleMax: 120,
  tagMax: 30,
  tagsMax: 8,
  fileNameMax: 120,
  queryMax: 100,
} as const;

const tag = { type: 'string', minLength: 1, maxLength: DOCUMENT_LIMITS.tagMax, pattern: '^[^,\\s][^,]*$' } as const;

const documentFields = {
  library: { type: 'string', enum: DOCUMENT_LIBRARIES },
  title: { type: 'string', minLength: 1, maxLength: DOCUMENT_LIMITS.titleMax, ...notBlank },
  tags: { type: 'array', items: tag, maxItems: DOCUMENT_LIMITS.tagsMax, uniqueItems: true },
  audience: { type: 'string', enum: DOCUMENT_AUDIENCES },
} as const;

/** The fields of an upload (sent as multipart fields) and of an edit (JSON). */
export const libraryDocumentInputSchema = closedSchema('LibraryDocumentInput', ['library', 'title', 'tags', 'audience'], {
  ...documentFields,
  // Read-only fields react-admin sends back on update: ignored.
  id: { type: 'integer', readOnly: true, ...int4Range },
  fileName: { type: 'string', readOnly: true },
  contentType: { type: 'string', readOnly: true },
  sizeBytes: { type: 'integer', readOnly: true },
  uploadedAt: { type: 'string', readOnly: true },
  updatedAt: { type: 'string', readOnly: true },
});
export type LibraryDocumentInput = FromSchema<typeof libraryDocumentInputSchema>;

/**
 * The upload form: the document's fields and the chosen file, by its name (the multipart upload
 * sends the file itself beside the fields); a file must be chosen.
 */
export const libraryDocumentUploadSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...libraryDocumentInputSchema.required, 'fileName'],
  properties: { ...documentFields, fileName: { type: 'string', minLength: 1 } },
  errorMessage: { required: { fileName: 'documents.errors.fileRequired' } },
} as const;

/** A library document's form (uiHints.ts): the library is the page's; tags are typed in one field. */
export const libraryDocumentUi = {
  order: ['title', 'tags', 'audience'],
  hidden: ['library'],
  fields: {
    title: { label: 'documents.fields.title' },
    tags: { widget: 'tags', label: 'documents.fields.tags' },
    audience: { optionLabels: 'documents.audiences', label: 'documents.fields.audience' },
  },
} as const satisfies UiHints<keyof typeof documentFields>;

/** The upload form: the file first. */
export const libraryDocumentUploadUi = {
  ...libraryDocumentUi,
  order: ['fileName', ...libraryDocumentUi.order],
  fields: { ...libraryDocumentUi.fields, fileName: { widget: 'file' } },
} as const satisfies UiHints<keyof typeof libraryDocumentUploadSchema.properties>;

/** A library document as the API returns it. */
export const libraryDocumentSchema = closedSchema(
  'LibraryDocument',
  ['id', 'library', 'title', 'tags', 'audience', 'fileName', 'contentType', 'sizeBytes', 'uploadedAt', 'updatedAt'],
  {
    id: { type: 'integer', minimum: 1, maximum: INT4_MAX },
    ...documentFields,
    fileName: { type: 'string' },
    contentType: { type: 'string', enum: DOCUMENT_CONTENT_TYPES },
    sizeBytes: { type: 'integer', minimum: 0 },
    uploadedAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
);
export type LibraryDocument = FromSchema<typeof libraryDocumentSchema>;

/** Filters of the list: one library, text in the title or a tag, one tag exactly. */
export const libraryDocumentFilterSchema = closedSchema('LibraryDocumentFilter', [], {
  library: { type: 'string', enum: DOCUMENT_LIBRARIES },
  q: { type: 'string', maxLength: DOCUMENT_LIMITS.queryMax },
  tag: { type: 'string', maxLength: DOCUMENT_LIMITS.tagMax },
  audience: { type: 'string', enum: DOCUMENT_AUDIENCES },
  id: int4IdsFilter,
});
export type LibraryDocumentFilter = FromSchema<typeof libraryDocumentFilterSchema>;

export const DOCUMENT_SORT_FIELDS = ['id', 'title', 'updatedAt', 'sizeBytes'] as const;

// ---- Product roadmap (/home/product-roadmap) ----

/** §2 help menu 'Product Roadmap': items staff publish, grouped by status. */
export const ROADMAP_STATUSES = ['planned', 'inProgress', 'shipped'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];
const day = { type: ['string', 'null'], format: 'date' } as const;

const roadmapFields = {
  title: { type: 'string', minLength: 1, maxLength: 120, ...notBlank },
  description: { type: 'string', maxLength: 1000 },
  status: { type: 'string', enum: ROADMAP_STATUSES },
  /** The quarter's day the item is aimed at (planned, in progress); null when not said. */
  targetDate: day,
  /** The day it shipped (shipped items). */
  shippedOn: day,
  /** Unpublished items are seen by editors only. */
  published: { type: 'boolean' },
} as const;

export const roadmapItemInputSchema = closedSchema('RoadmapItemInput', ['title', 'status'], {
  ...roadmapFields,
  id: { type: 'integer', readOnly: true, ...int4Range },
  updatedAt: { type: 'string', readOnly: true },
});
export type RoadmapItemInput = FromSchema<typeof roadmapItemInputSchema>;

/** The roadmap item's form (uiHints.ts): the day it shipped is asked only of a shipped item. */
export const roadmapItemUi = {
  order: ['title', 'description', 'status', 'targetDate', 'shippedOn', 'published'],
  fields: {
    title: { label: 'roadmap.fields.title' },
    description: { widget: 'textarea', label: 'roadmap.fields.description' },
    status: { optionLabels: 'roadmap.statuses', label: 'roadmap.fields.status' },
    targetDate: { widget: 'date', row: 'dates', label: 'roadmap.fields.targetDate' },
    shippedOn: { widget: 'shippedOn', row: 'dates', label: 'roadmap.fields.shippedOn' },
    published: { label: 'roadmap.fields.published' },
  },
} as const satisfies UiHints<keyof typeof roadmapFields>;

export const roadmapItemSchema = closedSchema(
  'RoadmapItem',
  ['id', 'title', 'description', 'status', 'targetDate', 'shippedOn', 'published', 'updatedAt'],
  {
    id: { type: 'integer', minimum: 1, maximum: INT4_MAX },
    ...roadmapFields,
    updatedAt: { type: 'string', format: 'date-time' },
  },
);
export type RoadmapItem = FromSchema<typeof roadmapItemSchema>;

export const roadmapItemFilterSchema = closedSchema('RoadmapItemFilter', [], {
  status: { type: 'string', enum: ROADMAP_STATUSES },
  q: { type: 'string', maxLength: 100 },
  id: int4IdsFilter,
});
export type RoadmapItemFilter = FromSchema<typeof roadmapItemFilterSchema>;

// ---- Contact us (/home/contact-us) ----

/** §2 help menu 'Contact Us': what the message is about. */
export const CONTACT_TOPICS = ['technical', 'bug', 'feedback', 'billing', 'account', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_MESSAGE_MAX = 4000;

/** The form's fields (sent as multipart fields beside an optional attachment). */
export const contactRequestInputSchema = closedSchema('ContactRequestInput', {
  topic: { type: 'string', enum: CONTACT_TOPICS },
  message: { type: 'string', minLength: 1, maxLength: CONTACT_MESSAGE_MAX, ...notBlank },
});
export type ContactRequestInput = FromSchema<typeof contactRequestInputSchema>;

/** What the user is shown: the reference support answers under. */
export const contactRequestReceiptSchema = closedSchema('ContactRequestReceipt', {
  reference: { type: 'string', pattern: '^CU-\\d{4}-\\d{6,}$' },
  createdAt: { type: 'string', format: 'date-time' },
});
export type ContactRequestReceipt = FromSchema<typeof contactRequestReceiptSchema>;

// ---- Staff's inbox of contact-us messages (/contact-requests, application 1) ----

/** Support's handling of a message: new → in progress → closed (src/common/contactRequestRules.ts). */
export const CONTACT_REQUEST_STATUSES = ['new', 'inProgress', 'closed'] as const;
export type ContactRequestStatus = (typeof CONTACT_REQUEST_STATUSES)[number];
export const CONTACT_NOTE_MAX = 2000;
export const CONTACT_REQUEST_SORT_FIELDS = ['createdAt', 'status', 'id'] as const;

/** A message as support reads it: who sent it, what about, the attachment's name, and support's own status and note. */
export const contactRequestSchema = closedSchema('ContactRequest', {
  id: { type: 'integer', ...int4Range },
  reference: { type: ['string', 'null'] },
  topic: { type: 'string', enum: CONTACT_TOPICS },
  message: { type: 'string' },
  status: { type: 'string', enum: CONTACT_REQUEST_STATUSES },
  /** Support's note: never shown to the sender. */
  internalNote: { type: ['string', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: ['string', 'null'], format: 'date-time' },
  /** The username of who changed the status or note last. */
  updatedBy: { type: ['string', 'null'] },
  senderUserId: { type: ['integer', 'null'] },
  senderUsername: { type: ['string', 'null'] },
  senderName: { type: ['string', 'null'] },
  senderEmail: { type: ['string', 'null'] },
  senderApplicationNum: { type: ['integer', 'null'] },
  senderDealerNumber: { type: ['string', 'null'] },
  attachmentName: { type: ['string', 'null'] },
  attachmentType: { type: ['string', 'null'] },
  attachmentSize: { type: ['integer', 'null'] },
});
export type ContactRequest = FromSchema<typeof contactRequestSchema>;

export const contactRequestFilterSchema = closedSchema('ContactRequestFilter', [], {
  /** The reference, the message, or the sender's username, name or email (part of it, any case). */
  q: { type: 'string', maxLength: 200 },
  status: { type: 'string', enum: CONTACT_REQUEST_STATUSES },
  topic: { type: 'string', enum: CONTACT_TOPICS },
  id: idsFilter,
});
export type ContactRequestFilter = FromSchema<typeof contactRequestFilterSchema>;

/** PUT contactRequests/:id: the status, the internal note, or both. */
export const contactRequestUpdateSchema = nonEmptySchema('ContactRequestUpdate', {
  status: { type: 'string', enum: CONTACT_REQUEST_STATUSES },
  internalNote: { type: ['string', 'null'], maxLength: CONTACT_NOTE_MAX },
});
export type ContactRequestUpdate = FromSchema<typeof contactRequestUpdateSchema>;
