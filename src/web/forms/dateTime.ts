/**
 * react-admin's DateTimeInput keeps the browser's local `YYYY-MM-DDTHH:mm`.
 * The schemas (and the API) take an instant with its offset, so the form
 * stores the ISO string of that local time; empty stays null.
 */
export function parseLocalDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
