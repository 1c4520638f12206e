/**
 * The pseudo-locale (demo mode only): English turned into accented, lengthened text in
 * brackets, "Log Out" → "[Ļöĝ Öûţ öñ]". A screen in it shows at a glance a text that
 * does not come from the locale files (plain English, no brackets), a text cut short (no
 * closing bracket) and a layout that cannot take the longer texts of other languages (about
 * 35 % longer). It is generated from locales/en at run time, never stored, and the check
 * (i18nCheck.ts) does not ask translators for it.
 *
 * `%{name}` placeholders stay as they are; react-admin's "one |||| many" forms are
 * converted one by one, so each form keeps its own brackets.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** Its name in the language pickers. */
export const PSEUDO_LOCALE_NAME = '[Þšéûðö]';

/** A header or stored choice naming the pseudo-locale (en-XA, case-insensitive). */
export function isPseudoLocale(tag: string | null | undefined): boolean {
  return !!tag && tag.trim().toLowerCase().startsWith(PSEUDO_LOCALE.toLowerCase());
}

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'];
const ACCENT = new Map([...PLAIN].map((c, i) => [c, ACCENTED[i]]));

/** Filler that lengthens a text; words, so long texts still wrap. */
const FILLER = 'öñé ţŵö ţĥŕéé ƒöûŕ ƒîṽé šîẋ šéṽéñ éîĝĥţ ñîñé ţéñ ';

/** How much longer a pseudo text is than its English (the filler), before the brackets. */
export const PSEUDO_GROWTH = 0.35;

function accent(text: string): string {
  return [...text].map((c) => ACCENT.get(c) ?? c).join('');
}

/** One plural form: accented outside the placeholders, lengthened, in brackets. */
function pseudoForm(form: string): string {
  const lead = form.match(/^\s*/)![0];
  const trail = form.match(/\s*$/)![0];
  const body = form.trim();
  if (!body) return form;
  const parts = body.split(/(%\{[^}]*\})/);
  const visible = parts.filter((_, i) => i % 2 === 0).join('').length;
  const extra = Math.ceil(visible * PSEUDO_GROWTH);
  const filler =
    extra > 1
      ? ` ${FILLER.repeat(Math.ceil(extra / FILLER.length))
          .slice(0, extra - 1)
          .trimEnd()}`
      : '';
  const converted = parts.map((part, i) => (i % 2 === 0 ? accent(part) : part)).join('');
  return `${lead}[${converted}${filler}]${trail}`;
}

/** One English text in the pseudo-locale. Blank texts stay blank. */
export function pseudoText(text: string): string {
  return text.split('||||').map(pseudoForm).join('||||');
}

/** Every text of a catalogue (nested objects, any depth) in the pseudo-locale. */
export function pseudoCatalog<T>(node: T): T {
  if (typeof node === 'string') return pseudoText(node) as T;
  if (Array.isArray(node)) return node.map(pseudoCatalog) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, pseudoCatalog(v)])) as T;
  }
  return node;
}
