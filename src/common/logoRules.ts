/**
 * Header logos of an account group (SPEC §3 'branding with headerLogoUrl and
 * darkHeaderLogoUrl'): what an upload must be, checked by the page before it sends and by
 * the server before it stores. The type comes from the content (magic bytes), never from
 * the name or the declared type; the size in pixels from the image's own header. SVG is
 * refused whatever it is called (it can carry script), and so is any file named .svg.
 * Problems are locale keys of locales/<lang>/branding.json with their arguments.
 */

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const LOGO_VARIANTS = ['light', 'dark'] as const;
export type LogoVariant = (typeof LOGO_VARIANTS)[number];

/** The limits the page states and the server applies. */
export const LOGO_LIMITS = {
  maxBytes: 512 * 1024,
  maxWidth: 1200,
  maxHeight: 400,
  minWidth: 16,
  minHeight: 16,
} as const;

/** The path a stored logo is served from (public, by its content's SHA-256). */
const LOGO_PATH_PREFIX = '/api/branding/logos/';

export function logoUrl(sha256: string): string {
  return `${LOGO_PATH_PREFIX}${sha256}`;
}

export interface LogoProblem {
  key: string;
  args?: Record<string, string | number>;
}

export interface LogoInfo {
  type: LogoType;
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The image type the content is, by its first bytes; 'svg' for SVG (or XML) text; undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): LogoType | 'svg' | undefined {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  if (looksLikeSvg(bytes)) return 'svg';
  return undefined;
}

/** SVG or any XML: text that, past a BOM and white space, opens with '<' and names svg early on. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') && (head.includes('<svg') || head.startsWith('<?xml'));
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);

/** PNG: the IHDR chunk comes first, width and height at bytes 16 and 20. */
function pngSize(b: Uint8Array): { width: number; height: number } | undefined {
  if (b.length < 24 || !startsWith(b, ascii('IHDR'), 12)) return undefined;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** JPEG: walk the segments to the first start-of-frame (SOF0 to SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Markers without a length: TEM and RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = u16be(b, i + 2);
    if (length < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended). */
function webpSize(b: Uint8Array): { width: number; height: number } | undefined {
  if (b.length < 30) return undefined;
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  if (chunk === 'VP8 ') {
    if (!(b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)) return undefined;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return undefined;
}

/** The width and height an image's header states, undefined when the header cannot be read. */
export function imageSize(type: LogoType, bytes: Uint8Array): { width: number; height: number } | undefined {
  const size = type === 'image/png' ? pngSize(bytes) : type === 'image/jpeg' ? jpegSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** True for a file name that says SVG (refused even when the content is a PNG). */
export function isSvgName(name: string): boolean {
  return /\.svgz?$/i.test(name.trim());
}

const kb = (bytes: number) => Math.round(bytes / 1024);

/**
 * What is wrong with an upload, else its type and size in pixels. In this order: empty, an SVG
 * name, too many bytes, SVG content, not PNG/JPEG/WebP, a header without a size, too large or
 * too small in pixels.
 */
export function checkLogo(name: string, bytes: Uint8Array): { problem: LogoProblem } | { logo: LogoInfo } {
  if (bytes.length === 0) return { problem: { key: 'branding.errors.empty' } };
  if (isSvgName(name)) return { problem: { key: 'branding.errors.svg' } };
  if (bytes.length > LOGO_LIMITS.maxBytes) {
    return { problem: { key: 'branding.errors.tooLarge', args: { max: kb(LOGO_LIMITS.maxBytes) } } };
  }
  const type = sniffImageType(bytes);
  if (type === 'svg') return { problem: { key: 'branding.errors.svg' } };
  if (!type) return { problem: { key: 'branding.errors.type' } };
  const size = imageSize(type, bytes);
  if (!size) return { problem: { key: 'branding.errors.unreadable' } };
  const { maxWidth, maxHeight, minWidth, minHeight } = LOGO_LIMITS;
  if (size.width > maxWidth || size.height > maxHeight) {
    return { problem: { key: 'branding.errors.tooManyPixels', args: { width: size.width, height: size.height, maxWidth, maxHeight } } };
  }
  if (size.width < minWidth || size.height < minHeight) {
    return { problem: { key: 'branding.errors.tooFewPixels', args: { width: size.width, height: size.height, minWidth, minHeight } } };
  }
  return { logo: { type, ...size } };
}
