import { crc32, deflateSync } from 'node:zlib';
import { minimalPdf } from '../../http/pdf.js';
import type { Db } from '../database.js';

const DAY_MS = 86_400_000;

/** A tiny solid-colour PNG (width × height, RGB), written by hand: signature, IHDR, IDAT, IEND. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoDocument {
  library: 'resources' | 'marketing';
  title: string;
  tags: string[];
  audience: 'dealers' | 'staff';
  fileName: string;
  daysAgo: number;
  content: () => Buffer;
}

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    library: 'resources',
    title: 'Dealer onboarding guide',
    tags: ['onboarding', 'guide'],
    audience: 'dealers',
    fileName: 'dealer-onboarding-guide.pdf',
    daysAgo: 40,
    content: () => minimalPdf('Dealer onboarding guide'),
  },
  {
    library: 'resources',
    title: 'Alarm verification procedures',
    tags: ['procedures', 'alarms'],
    audience: 'dealers',
    fileName: 'alarm-verification.pdf',
    daysAgo: 21,
    content: () => minimalPdf('Alarm verification procedures'),
  },
  {
    library: 'resources',
    title: 'Panel wiring quick reference',
    tags: ['panels', 'guide'],
    audience: 'dealers',
    fileName: 'panel-wiring.png',
    daysAgo: 9,
    content: () => solidPng(64, 40, [33, 101, 192]),
  },
  {
    library: 'resources',
    title: 'Support escalation matrix',
    tags: ['support', 'internal'],
    audience: 'staff',
    fileName: 'escalation-matrix.pdf',
    daysAgo: 5,
    content: () => minimalPdf('Support escalation matrix'),
  },
  {
    library: 'marketing',
    title: 'Monitoring services brochure',
    tags: ['brochure', 'residential'],
    audience: 'staff',
    fileName: 'monitoring-brochure.pdf',
    daysAgo: 30,
    content: () => minimalPdf('Monitoring services brochure'),
  },
  {
    library: 'marketing',
    title: 'Spring campaign banner',
    tags: ['campaign', 'banner'],
    audience: 'staff',
    fileName: 'spring-banner.png',
    daysAgo: 3,
    content: () => solidPng(120, 40, [46, 125, 50]),
  },
];

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Six roadmap items across the three statuses (one a draft editors alone see). */
function demoRoadmap(now: number) {
  return [
    {
      title: 'Answering service mobile alerts',
      description: 'Push notifications for messages the answering service takes for your group.',
      status: 'planned',
      target_date: iso(now + 120 * DAY_MS),
      shipped_on: null,
      published: true,
    },
    {
      title: 'Scheduled report bundles',
      description: 'Send several reports together on one schedule.',
      status: 'planned',
      target_date: iso(now + 200 * DAY_MS),
      shipped_on: null,
      published: false,
    },
    {
      title: 'Dealer staff administration',
      description: 'Invite your staff, set their permissions and reset their MFA yourself.',
      status: 'inProgress',
      target_date: iso(now + 45 * DAY_MS),
      shipped_on: null,
      published: true,
    },
    {
      title: 'Branded login pages',
      description: 'Your logo on the login page for your SSO domain, in light and dark themes.',
      status: 'inProgress',
      target_date: iso(now + 30 * DAY_MS),
      shipped_on: null,
      published: true,
    },
    {
      title: 'My Security Account billing',
      description: 'Customers see their invoices and download them as PDF.',
      status: 'shipped',
      target_date: null,
      shipped_on: iso(now - 20 * DAY_MS),
      published: true,
    },
    {
      title: 'Create New Account stepper',
      description: 'Create an alarm account in guided steps, with drafts saved as you go.',
      status: 'shipped',
      target_date: null,
      shipped_on: iso(now - 75 * DAY_MS),
      published: true,
    },
  ];
}

/** The help pages' demo data: library documents (small generated PDFs and PNGs) and the product roadmap. */
export async function seedDocuments(trx: Db, { staffUserId, now }: { staffUserId: number; now: number }): Promise<void> {
  for (const doc of DEMO_DOCUMENTS) {
    const at = new Date(now - doc.daysAgo * DAY_MS);
    const { document_id } = await trx
      .insertInto('library_documents')
      .values({
        library: doc.library,
        title: doc.title,
        tags: doc.tags,
        audience: doc.audience,
        created_by: staffUserId,
        updated_by: staffUserId,
        created_at: at,
        updated_at: at,
      })
      .returning('document_id')
      .executeTakeFirstOrThrow();
    const content = doc.content();
    await trx
      .insertInto('library_document_files')
      .values({
        document_id,
        file_name: doc.fileName,
        content_type: doc.fileName.endsWith('.png') ? 'image/png' : 'application/pdf',
        size_bytes: content.length,
        content,
        uploaded_at: at,
      })
      .execute();
  }
  await trx
    .insertInto('roadmap_items')
    .values(demoRoadmap(now).map((item) => ({ ...item, created_by: staffUserId, updated_by: staffUserId })))
    .execute();
}
