import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alpha, getOverlayAlpha, type Theme } from '@mui/material/styles';
import type { ColorMode } from './colorMode.js';
import { portalTheme } from './theme.js';

/**
 * The login page's first paint is drawn without MUI, with palette.css's custom properties
 * (and the status banner with StatusBanner.css): their colours must be the MUI theme's, or
 * the MUI steps and dialogs that load later would not match the page around them.
 */

const read = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');

/** The declarations of the first rule with exactly this selector. */
function rule(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start)).replace(/\/\*[\s\S]*?\*\//g, '');
  const declarations: Record<string, string> = {};
  for (const part of body.split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) declarations[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
  }
  return declarations;
}

/** Every declaration of a property in a rule, in order. */
function all(css: string, selector: string, property: string): string[] {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return [...body.matchAll(new RegExp(`(?:^|;|\\s)${property}:\\s*([^;]+);`, 'g'))].map((m) => m[1].trim());
}

/** A colour as [r, g, b, a], whatever its notation. */
function rgba(colour: string): number[] {
  const value = colour.trim();
  const hex = value.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)).concat(1);
  }
  const fn = value.match(/^rgba?\(([^)]+)\)$/);
  if (!fn) throw new Error(`not a colour: ${colour}`);
  const parts = fn[1].split(',').map((p) => Number(p.trim()));
  return parts.length === 3 ? [...parts, 1] : parts;
}

const compact = (text: string) => text.replace(/\s+/g, '').replace(/"/g, "'");

/** The MUI theme's value of each custom property of palette.css. */
function expectedColours(theme: Theme, mode: ColorMode): Record<string, string> {
  const p = theme.palette;
  const alertColour = mode === 'light' ? theme.darken : theme.lighten;
  const alertBackground = mode === 'light' ? theme.lighten : theme.darken;
  return {
    '--portal-bg': p.background.default,
    '--portal-paper': p.background.paper,
    '--portal-text': p.text.primary,
    '--portal-text-secondary': p.text.secondary,
    '--portal-primary': p.primary.main,
    '--portal-primary-dark': p.primary.dark,
    '--portal-primary-contrast': p.primary.contrastText,
    '--portal-primary-outline': alpha(p.primary.main, 0.5),
    '--portal-primary-hover-bg': alpha(p.primary.main, p.action.hoverOpacity),
    '--portal-error': p.error.main,
    '--portal-divider': p.divider,
    '--portal-action-hover': p.action.hover,
    '--portal-action-disabled': p.action.disabled,
    '--portal-action-disabled-bg': p.action.disabledBackground,
    '--portal-alert-error-color': alertColour(p.error.light, 0.6),
    '--portal-alert-error-bg': alertBackground(p.error.light, 0.9),
    '--portal-alert-error-icon': p.error.main,
    '--portal-filled-error': p.error.main,
    '--portal-filled-warning': p.warning.main,
    ...(mode === 'dark' && {
      '--portal-filled-success': p.success.main,
      '--portal-filled-info': p.info.main,
    }),
  };
}

describe('palette.css matches the MUI theme', () => {
  const css = read('palette.css');
  const light = rule(css, ':root');
  const dark = { ...light, ...rule(css, ":root[data-color-mode='dark']") };

  for (const [mode, vars] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    const theme = portalTheme(mode);
    it(`has the ${mode} theme's colours`, () => {
      for (const [name, value] of Object.entries(expectedColours(theme, mode))) {
        expect(vars[name], name).toBeDefined();
        expect(rgba(vars[name]), `${name} in ${mode} mode`).toEqual(rgba(value));
      }
    });
    it(`has the ${mode} theme's font, corners, shadows and dark-mode elevation`, () => {
      expect(compact(vars['--portal-font'])).toBe(compact(theme.typography.fontFamily!));
      expect(vars['--portal-radius']).toBe(`${theme.shape.borderRadius}px`);
      expect(compact(vars['--portal-shadow-2'])).toBe(compact(theme.shadows[2]));
      expect(compact(vars['--portal-shadow-3'])).toBe(compact(theme.shadows[3]));
      const overlay = alpha('#fff', Number(getOverlayAlpha(2)));
      expect(compact(vars['--portal-overlay-2'])).toBe(mode === 'dark' ? compact(`linear-gradient(${overlay}, ${overlay})`) : 'none');
    });
    it(`sets color-scheme ${mode}`, () => {
      expect(vars['color-scheme']).toBe(mode);
    });
  }

  it('every filled notification colour keeps 4.5:1 against its text (WCAG AA)', () => {
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    /** The text colour over the background (the text may be translucent). */
    const over = (text: number[], background: number[]) => text.slice(0, 3).map((v, i) => v * text[3] + background[i] * (1 - text[3]));
    for (const vars of [light, dark]) {
      for (const kind of ['success', 'info', 'warning', 'error']) {
        const background = rgba(vars[`--portal-filled-${kind}`]);
        const text = over(rgba(vars['--portal-filled-text']), background);
        const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
        expect((hi + 0.05) / (lo + 0.05), `${kind} (${vars['color-scheme']})`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe("StatusBanner.css matches MUI's standard Alert in the portal theme", () => {
  const css = read('../banner/StatusBanner.css');
  const severities = { info: 'info', warning: 'warning', error: 'error' } as const;
  const [light, dark] = [portalTheme('light'), portalTheme('dark')];
  for (const severity of Object.values(severities)) {
    it(severity, () => {
      const selector = `.status-banner--${severity}`;
      const expected = {
        color: [light.darken(light.palette[severity].light, 0.6), dark.lighten(dark.palette[severity].light, 0.6)],
        'background-color': [light.lighten(light.palette[severity].light, 0.9), dark.darken(dark.palette[severity].light, 0.9)],
        '--status-banner-icon': [light.palette[severity].main, dark.palette[severity].main],
      };
      for (const [property, [lightValue, darkValue]] of Object.entries(expected)) {
        const [both, ...more] = all(css, selector, property);
        expect(more, `${selector} ${property}: one declaration`).toEqual([]);
        const pair = both.match(/^light-dark\((.+),\s*((?:#|rgb).+)\)$/);
        expect(pair, `${selector} ${property}: light-dark()`).not.toBeNull();
        expect(rgba(pair![1]), `${selector} ${property} light`).toEqual(rgba(lightValue));
        expect(rgba(pair![2]), `${selector} ${property} dark`).toEqual(rgba(darkValue));
      }
    });
  }
});
