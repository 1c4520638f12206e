import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './nodeFlags.js';

describe('SERVER_NODE_FLAGS', () => {
  it('are the flags npm start runs the server with', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const server = manifest.scripts.start!.split('&&').at(-1)!.trim().split(/\s+/);
    expect(server.slice(1, -1)).toEqual([...SERVER_NODE_FLAGS]);
    expect(server.at(-1)).toBe('src/server/main.ts');
  });
});
