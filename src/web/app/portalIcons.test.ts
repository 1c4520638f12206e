import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORTAL_ICONS } from './portalIcons.js';

const WEB = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'portalIcons.ts' ? [file] : [];
  });
}

/** SPEC §2 icons: 'Lists all icons': every icon the web app imports, the drawer's and the news options' among them. */
describe("the icon viewer's icons", () => {
  it('are every Material icon the portal imports, and no other', () => {
    const used = new Set(
      sources(WEB).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/@mui\/icons-material\/(\w+)/g)].map((m) => m[1]!)),
    );
    expect(Object.keys(PORTAL_ICONS).sort()).toEqual([...used].sort());
    // The news options and the drawer's, by name.
    for (const name of ['NotificationImportant', 'CalendarMonth', 'Newspaper', 'GppMaybe', 'Dashboard', 'HeadsetMic']) {
      expect(PORTAL_ICONS, name).toHaveProperty(name);
    }
  });
});
