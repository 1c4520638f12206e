/**
 * nginx in front of several portal processes: the configuration `npm run cluster` writes, and the
 * README's production recipe (the same text, `nginxSite`; nginxConfig.test.ts checks the README
 * has it). Open-source nginx has passive health checks only: a process that refuses or drops a
 * connection is left out for `fail_timeout` and the request goes to the next one.
 */

export interface NginxSiteOptions {
  /** The `listen` parameters, e.g. `8370` or `443 ssl`. */
  listen: string;
  /** The portal processes, `host:port`. */
  upstreams: readonly string[];
  /** Where the access log goes (`off` for none). */
  accessLog: string;
  /** TLS at nginx: the certificate and key files (the portal's PUBLIC_URL is then https://…). */
  tls?: { certificate: string; key: string };
  /** server_name; `_` (any) by default. */
  serverName?: string;
}

/** Seconds a process that failed is left out before nginx tries it again. */
export const NGINX_FAIL_TIMEOUT_S = 10;

/** The http-level part: maps, log format, upstream and server. */
export function nginxSite(options: NginxSiteOptions): string {
  const servers = options.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_S}s;`).join('\n');
  const tls = options.tls ? `    ssl_certificate ${options.tls.certificate};\n    ssl_certificate_key ${options.tls.key};\n` : '';
  return `# WebSocket upgrade for the hubs; a connection per request otherwise (see the upstream).
map $http_upgrade $portal_connection {
    default upgrade;
    ''      close;
}

# An X-Request-Id sent in (by a balancer in front, or a client tracing its calls) is kept, otherwise
# nginx's own id. The portal (TRUST_PROXY=true) takes it when well formed, logs it with every line
# of the request and returns it; nginx's access log below has it too.
map $http_x_request_id $portal_request_id {
    default $http_x_request_id;
    ''      $request_id;
}

log_format portal '$remote_addr [$time_local] "$request" $status $body_bytes_sent $request_time '
                  'upstream=$upstream_addr upstream_status=$upstream_status request_id=$portal_request_id';

upstream portal {
    # Passive health checks: a process that refuses, drops or times out a connection is left out
    # for ${NGINX_FAIL_TIMEOUT_S} s, then tried again. No sticky sessions: any process serves any request.
    # No keepalive: a request written to a kept-alive connection of a process that has just died
    # counts as sent, and nginx never resends a POST (502); a new connection is refused instead,
    # and the request goes to the next process.
${servers}
}

server {
    listen ${options.listen};
    server_name ${options.serverName ?? '_'};
${tls}    access_log ${options.accessLog}${options.accessLog === 'off' ? '' : ' portal'};
    client_max_body_size 25m;
    server_tokens off;

    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $portal_connection;
    # The client's address as nginx saw it (replacing any X-Forwarded-For the client sent): the
    # portal's throttling and audit log read it with TRUST_PROXY=true.
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_set_header X-Request-Id $portal_request_id;

    # A process that is down: the request goes to the next one. nginx never resends a POST or
    # PATCH that reached a process, so only connection failures move those.
    proxy_connect_timeout 2s;
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 3;

    # A hub's negotiate is a POST without side effects (it hands out a connection token): nginx may
    # resend it when the process it reached dies before answering, and, as the upgrade below, when
    # the process answers 503 (it is shutting down and has just told its clients to reconnect).
    location ~ ^/hubs/[a-z]+/negotiate$ {
        proxy_pass http://portal;
        proxy_next_upstream error timeout http_503 non_idempotent;
    }

    # The hubs (SignalR over WebSockets): the portal pings every 15 s.
    location /hubs/ {
        proxy_pass http://portal;
        proxy_next_upstream error timeout http_503;
        proxy_read_timeout 60s;
        proxy_send_timeout 60s;
        proxy_buffering off;
    }

    # Prometheus scrapes each process directly: through the balancer a scrape reaches one at random.
    location = /metrics {
        return 404;
    }

    location / {
        proxy_pass http://portal;
        proxy_read_timeout 120s;
    }
}
`;
}

export interface NginxMainOptions {
  /** Where nginx keeps its pid file, temporary files and logs. */
  runDir: string;
  site: string;
  workerProcesses?: number | 'auto';
}

/** A whole nginx.conf for a foreground nginx whose files all live in `runDir` (npm run cluster): nothing in /etc or /var. */
export function nginxMainConfig({ runDir, site, workerProcesses = 1 }: NginxMainOptions): string {
  const indented = site
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `    ${line}` : line))
    .join('\n');
  return `# Written by npm run cluster (scripts/cluster.ts); nginx runs in the foreground under the script.
daemon off;
worker_processes ${workerProcesses};
pid ${runDir}/nginx.pid;
error_log stderr warn;

events {
    worker_connections 4096;
}

http {
    client_body_temp_path ${runDir}/tmp/client_body;
    proxy_temp_path ${runDir}/tmp/proxy;
    fastcgi_temp_path ${runDir}/tmp/fastcgi;
    uwsgi_temp_path ${runDir}/tmp/uwsgi;
    scgi_temp_path ${runDir}/tmp/scgi;
    default_type application/octet-stream;

${indented}
}
`;
}

/** The production example of docs/operations.md: TLS at nginx, three processes on three hosts. */
export const PRODUCTION_EXAMPLE: NginxSiteOptions = {
  listen: '443 ssl',
  serverName: 'portal.example.com',
  upstreams: ['10.0.0.11:8080', '10.0.0.12:8080', '10.0.0.13:8080'],
  accessLog: '/var/log/nginx/portal.log',
  tls: { certificate: '/etc/ssl/portal/fullchain.pem', key: '/etc/ssl/portal/privkey.pem' },
};
