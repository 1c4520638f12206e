/** An IANA zone name (Region/City, UTC, Etc/GMT+5) that Intl knows; never an offset such as +01:00, which PostgreSQL reads the POSIX way round. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
