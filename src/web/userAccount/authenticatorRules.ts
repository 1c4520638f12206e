/**
 * The authenticator section's rules, pure: how the setup key and the recovery codes
 * are shown, copied and saved (when to suggest new codes: src/common/recoveryCodes.ts).
 */

/** The setup key in groups of four ('ABCD EFGH …'): easier to type; authenticator apps ignore the spaces. */
export function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** What a code field keeps of what was typed or pasted: digits only, at most `max`. */
export function digitsOnly(value: string, max = 6): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** The codes as copied to the clipboard: one per line. */
export function recoveryCodesText(codes: readonly string[]): string {
  return `${codes.join('\n')}\n`;
}

/** The text file of 'Download': a heading (whose codes, which site), a note, then the numbered codes. */
export function recoveryCodesFile(input: { codes: readonly string[]; heading: string; note: string }): string {
  const width = String(input.codes.length).length;
  const lines = input.codes.map((code, i) => `${String(i + 1).padStart(width, ' ')}. ${code}`);
  return `${[input.heading, input.note, '', ...lines].join('\n')}\n`;
}

/** The file's name: 'recovery-codes-<username>.txt', with only safe characters. */
export function recoveryCodesFileName(username: string): string {
  const safe = username.replace(/[^a-z0-9._-]+/gi, '-').replace(/^-+|-+$/g, '');
  return `recovery-codes${safe ? `-${safe}` : ''}.txt`;
}
