/**
 * The base of every link the portal mails (registration, password reset,
 * report downloads): built from the configuration only, never from the
 * request's Host header, whose port and scheme anyone can write.
 *
 * A request that came to a configured customer host (MSA_HOSTS) gets that
 * host, with PUBLIC_URL's scheme, port and path; any other request gets
 * PUBLIC_URL itself.
 */
export function mailLinkBase(requestHostname: string, config: { publicUrl: string; msaHosts: readonly string[] }): string {
  const hostname = requestHostname.toLowerCase();
  if (!config.msaHosts.includes(hostname)) return config.publicUrl;
  const url = new URL(config.publicUrl);
  const port = url.port ? `:${url.port}` : '';
  return `${url.protocol}//${hostname}${port}${url.pathname.replace(/\/$/, '')}`;
}
