import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NGINX_FAIL_TIMEOUT_S, nginxMainConfig, nginxSite, PRODUCTION_EXAMPLE } from './nginxConfig.js';

const local = nginxSite({
  listen: '8370',
  upstreams: ['127.0.0.1:8371', '127.0.0.1:8372', '127.0.0.1:8373'],
  accessLog: '/run/x/access.log',
});

/** The block of a location (or the server), up to its closing brace at the same indentation. */
function block(config: string, opening: string): string {
  const start = config.indexOf(opening);
  expect(start, opening).toBeGreaterThanOrEqual(0);
  const indent = config.slice(config.lastIndexOf('\n', start) + 1, start);
  return config.slice(start, config.indexOf(`\n${indent}}`, start));
}

describe('nginx in front of the portal processes', () => {
  it('balances over every process with passive health checks, and no keepalive to them', () => {
    const upstream = block(local, 'upstream portal {');
    for (const port of [8371, 8372, 8373]) {
      expect(upstream).toContain(`server 127.0.0.1:${port} max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_S}s;`);
    }
    expect(upstream).not.toMatch(/^\s*keepalive\b/m);
    expect(upstream).not.toMatch(/^\s*(ip_hash|hash|sticky)\b/m);
  });

  it('upgrades the hubs to WebSockets and passes the client, scheme and request id on', () => {
    const server = block(local, 'server {');
    expect(server).toContain('listen 8370;');
    expect(server).toContain('proxy_http_version 1.1;');
    expect(server).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(server).toContain('proxy_set_header Connection $portal_connection;');
    expect(local).toMatch(/map \$http_upgrade \$portal_connection \{\s+default upgrade;\s+''\s+close;/);
    expect(server).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(server).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(server).toContain('proxy_set_header X-Request-Id $portal_request_id;');
    expect(local).toMatch(/map \$http_x_request_id \$portal_request_id \{\s+default \$http_x_request_id;\s+''\s+\$request_id;/);
    // proxy_set_header in a location would drop the server's: the locations set none.
    for (const location of server.split(/\n {4}location /).slice(1)) expect(location).not.toContain('proxy_set_header');
    expect(block(local, 'location /hubs/ {')).toContain('proxy_read_timeout 60s;');
  });

  it('resends only what may be resent: any request nginx could not deliver, and the side-effect-free negotiate', () => {
    const server = block(local, 'server {');
    expect(server).toMatch(/\n {4}proxy_next_upstream error timeout;/);
    expect(block(local, 'location ~ ^/hubs/[a-z]+/negotiate$ {')).toContain('proxy_next_upstream error timeout http_503 non_idempotent;');
    expect(block(local, 'location / {')).not.toContain('non_idempotent');
    expect(block(local, 'location = /metrics {')).toContain('return 404;');
  });

  it('the whole file of npm run cluster keeps every file in its run directory and runs in the foreground', () => {
    const config = nginxMainConfig({ runDir: '/run/x', site: local });
    expect(config).toMatch(/^daemon off;$/m);
    expect(config).toMatch(/^pid \/run\/x\/nginx\.pid;$/m);
    const paths = [...config.matchAll(/_temp_path (\S+);/g)].map((m) => m[1]);
    expect(paths).toHaveLength(5);
    for (const p of paths) expect(p.startsWith('/run/x/tmp/')).toBe(true);
    expect(config).not.toMatch(/\/etc\/|\/var\//);
    expect(config).toContain('    upstream portal {');
  });

  it('is the production recipe of docs/operations.md, word for word', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/operations.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Production behind a load balancer'));
    const fenced = section.slice(
      section.indexOf('```nginx\n') + '```nginx\n'.length,
      section.indexOf('```\n', section.indexOf('```nginx\n') + 9),
    );
    expect(fenced).toBe(nginxSite(PRODUCTION_EXAMPLE));
    expect(fenced).toContain('listen 443 ssl;');
  });
});
