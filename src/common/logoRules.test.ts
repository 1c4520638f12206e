import { describe, expect, it } from 'vitest';
import { checkLogo, imageSize, isSvgName, LOGO_LIMITS, logoUrl, sniffImageType } from './logoRules.js';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];

/** A PNG's signature and IHDR chunk (enough for the header rules). */
const png = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0], be32(0));
/** A JPEG with an APP0 segment, then SOF0. */
const jpeg = (width: number, height: number) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0x00, 0x10],
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xc0, 0x00, 0x11, 8],
    [height >> 8, height & 0xff, width >> 8, width & 0xff],
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
const riff = (chunk: string, payload: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [payload.length, 0, 0, 0], payload);
const webpLossy = (width: number, height: number) => riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), 0, 0]);
const webpLossless = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14);
  return riff('VP8L', [0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0, 0, 0, 0]);
};
const webpExtended = (width: number, height: number) => riff('VP8X', [0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1), 0, 0]);

describe('sniffImageType: the type comes from the content', () => {
  it('knows PNG, JPEG and WebP by their magic bytes', () => {
    expect(sniffImageType(png(10, 10))).toBe('image/png');
    expect(sniffImageType(jpeg(10, 10))).toBe('image/jpeg');
    expect(sniffImageType(webpLossy(10, 10))).toBe('image/webp');
  });
  it('calls SVG and XML text svg, with a BOM or white space before it', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe('svg');
    expect(sniffImageType(bytes([0xef, 0xbb, 0xbf], '  \n<?xml version="1.0"?><svg/>'))).toBe('svg');
    expect(sniffImageType(bytes('<!-- x --><SVG></SVG>'))).toBe('svg');
  });
  it('knows nothing else (GIF, HTML, PDF, a RIFF that is not WebP)', () => {
    expect(sniffImageType(bytes('GIF89a', [1, 0, 1, 0]))).toBeUndefined();
    expect(sniffImageType(bytes('<html><body></body></html>'))).toBeUndefined();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeUndefined();
  });
});

describe('imageSize: from the header bytes', () => {
  it('reads a PNG IHDR', () => expect(imageSize('image/png', png(640, 200))).toEqual({ width: 640, height: 200 }));
  it('reads a JPEG start-of-frame past other segments', () =>
    expect(imageSize('image/jpeg', jpeg(800, 300))).toEqual({ width: 800, height: 300 }));
  it('reads the three WebP kinds', () => {
    expect(imageSize('image/webp', webpLossy(400, 120))).toEqual({ width: 400, height: 120 });
    expect(imageSize('image/webp', webpLossless(401, 121))).toEqual({ width: 401, height: 121 });
    expect(imageSize('image/webp', webpExtended(1200, 400))).toEqual({ width: 1200, height: 400 });
  });
  it('answers nothing for a truncated or broken header', () => {
    expect(imageSize('image/png', png(10, 10).subarray(0, 20))).toBeUndefined();
    expect(imageSize('image/png', png(0, 10))).toBeUndefined();
    expect(imageSize('image/jpeg', bytes([0xff, 0xd8, 0xff, 0xda, 0, 2], new Array(20).fill(0)))).toBeUndefined();
    expect(imageSize('image/webp', riff('ABCD', new Array(20).fill(0)))).toBeUndefined();
  });
});

describe('isSvgName', () => {
  it('refuses .svg and .svgz names, in any case', () => {
    expect(isSvgName('logo.svg')).toBe(true);
    expect(isSvgName('LOGO.SVGZ ')).toBe(true);
    expect(isSvgName('logo.svg.png')).toBe(false);
    expect(isSvgName('logo.png')).toBe(false);
  });
});

describe('checkLogo', () => {
  const problem = (name: string, content: Uint8Array) => {
    const result = checkLogo(name, content);
    return 'problem' in result ? result.problem : undefined;
  };

  it('accepts a PNG, a JPEG and a WebP within the limits, whatever their names', () => {
    expect(checkLogo('logo.png', png(600, 200))).toEqual({ logo: { type: 'image/png', width: 600, height: 200 } });
    expect(checkLogo('logo.jpg', jpeg(1200, 400))).toEqual({ logo: { type: 'image/jpeg', width: 1200, height: 400 } });
    expect(checkLogo('logo', webpLossy(16, 16))).toEqual({ logo: { type: 'image/webp', width: 16, height: 16 } });
    // A JPEG named .png is stored as what it is.
    expect(checkLogo('logo.png', jpeg(300, 100))).toMatchObject({ logo: { type: 'image/jpeg' } });
  });
  it('refuses an empty file', () => expect(problem('a.png', new Uint8Array())).toEqual({ key: 'branding.errors.empty' }));
  it('refuses a PNG renamed .svg (by name)', () => expect(problem('logo.svg', png(100, 50))).toEqual({ key: 'branding.errors.svg' }));
  it('refuses an SVG renamed .png, and an SVG with script (by content)', () => {
    expect(problem('logo.png', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ key: 'branding.errors.svg' });
    expect(problem('logo.svg', bytes('<svg><script>alert(document.cookie)</script></svg>'))).toEqual({ key: 'branding.errors.svg' });
  });
  it('refuses other types', () => expect(problem('logo.gif', bytes('GIF89a', [1, 0, 1, 0]))).toEqual({ key: 'branding.errors.type' }));
  it('refuses more bytes than the limit, saying it in KB', () => {
    const big = new Uint8Array(LOGO_LIMITS.maxBytes + 1);
    big.set(png(100, 50));
    expect(problem('big.png', big)).toEqual({ key: 'branding.errors.tooLarge', args: { max: 512 } });
    const exact = new Uint8Array(LOGO_LIMITS.maxBytes);
    exact.set(png(100, 50));
    expect(problem('exact.png', exact)).toBeUndefined();
  });
  it('refuses an unreadable header', () =>
    expect(problem('a.png', png(10, 10).subarray(0, 18))).toEqual({ key: 'branding.errors.unreadable' }));
  it('refuses too many pixels either way, and too few', () => {
    expect(problem('a.png', png(1201, 100))).toMatchObject({ key: 'branding.errors.tooManyPixels', args: { width: 1201, height: 100 } });
    expect(problem('a.png', png(100, 401))).toMatchObject({ key: 'branding.errors.tooManyPixels' });
    expect(problem('a.png', png(15, 100))).toMatchObject({ key: 'branding.errors.tooFewPixels', args: { minWidth: 16 } });
  });
});

describe('logoUrl', () => {
  it('is the public path by hash', () => expect(logoUrl('ab'.repeat(32))).toBe(`/api/branding/logos/${'ab'.repeat(32)}`));
});
