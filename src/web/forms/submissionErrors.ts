/**
 * A failed save, as react-admin's Form takes it back: the server's 400 names
 * each bad field (`{message, errors: {field: text}}`); the Form shows each
 * text beside its input. Anything else gives no field errors.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  const body = (error as { body?: unknown } | null)?.body as { errors?: unknown } | undefined;
  const direct = (error as { errors?: unknown } | null)?.errors;
  const errors = body?.errors ?? direct;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const entries = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The server's text when it sent one (SPEC §8), else the default message key. */
export function errorMessageOf(error: unknown, fallbackKey: string): string {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  const message = typeof body?.message === 'string' ? body.message : (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() && !/^(HttpError|Failed to fetch|Error|HTTP \d+$)/.test(message)
    ? message
    : fallbackKey;
}
