import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nextOptions } from './i18n.js';
import { checkCatalogues, checkFile, formatProblems, placeholdersOf, pluralCategories } from './i18nCheck.js';

const kinds = (problems: { key: string; kind: string }[]) => problems.map((p) => `${p.kind} ${p.key}`);

describe('the translators check, one file', () => {
  const en = { title: 'Sites', fields: { name: 'Name', dealer: 'Dealer %{number}' }, empty: 'None' };

  it('finds the keys English has and the language does not', () => {
    expect(
      kinds(
        checkFile('es', 'locales/es/sites.json', en, { title: 'Sitios', fields: { dealer: 'Distribuidor %{number}' }, empty: 'Ninguno' }),
      ),
    ).toEqual(['missing fields.name']);
  });

  it('finds the keys the language has and English does not', () => {
    const es = { title: 'Sitios', fields: { name: 'Nombre', dealer: 'Distribuidor %{number}', nmae: 'Nombre' }, empty: 'Ninguno' };
    expect(kinds(checkFile('es', 'locales/es/sites.json', en, es))).toEqual(['extra fields.nmae']);
  });

  it('finds placeholders that differ from English, renamed or dropped', () => {
    const fr = { title: 'Sites', fields: { name: 'Nom %{name}', dealer: 'Revendeur %{numero}' }, empty: 'Aucun' };
    const problems = checkFile('fr', 'locales/fr/sites.json', en, fr);
    expect(kinds(problems)).toEqual(['placeholders fields.dealer', 'placeholders fields.name']);
    expect(problems[0].detail).toBe('placeholders %{numero}, English has %{number}');
  });

  it('finds empty texts, and a missing file as every key missing', () => {
    expect(kinds(checkFile('fr', 'f', { a: 'A' }, { a: ' ' }))).toEqual(['empty a']);
    expect(kinds(checkFile('fr', 'f', { a: 'A', b: { c: 'C' } }, undefined))).toEqual(['missing a', 'missing b.c']);
  });

  it('passes a complete translation, with the file and key on every problem otherwise', () => {
    expect(
      checkFile('es', 'x', en, { title: 'Sitios', fields: { name: 'Nombre', dealer: '%{number}: distribuidor' }, empty: 'Ninguno' }),
    ).toEqual([]);
    expect(checkFile('es', 'locales/es/sites.json', en, {})[0]).toMatchObject({
      lang: 'es',
      file: 'locales/es/sites.json',
      key: 'empty',
      kind: 'missing',
    });
  });
});

describe('plural forms', () => {
  const en = { accounts_one: '%{count} account', accounts_other: '%{count} accounts' };

  it("asks es and fr for Intl's categories, as i18next's PluralResolver does: one, many, other", () => {
    expect(pluralCategories('en')).toEqual(['one', 'other']);
    expect(pluralCategories('es')).toEqual(['one', 'many', 'other']);
    expect(pluralCategories('fr')).toEqual(['one', 'many', 'other']);
  });

  it('finds a missing _many in es and fr, and forms the language does not have', () => {
    const es = { accounts_one: '%{count} cuenta', accounts_other: '%{count} cuentas' };
    expect(kinds(checkFile('es', 'f', en, es))).toEqual(['plural accounts_many']);
    const fr = {
      accounts_one: '%{count} compte',
      accounts_few: '%{count} comptes',
      accounts_many: '%{count} de comptes',
      accounts_other: '%{count} comptes',
    };
    expect(kinds(checkFile('fr', 'f', en, fr))).toEqual(['extra accounts_few']);
  });

  it('compares each form with English of the same form, else English _other; _zero is optional', () => {
    const es = {
      accounts_zero: 'Ninguna cuenta',
      accounts_one: 'Una cuenta',
      accounts_many: '%{count} de cuentas',
      accounts_other: '%{count} cuentas',
    };
    expect(kinds(checkFile('es', 'f', en, es))).toEqual(['placeholders accounts_one']);
  });

  it('an English text with a suffix but no _other form is an ordinary key', () => {
    expect(checkFile('es', 'f', { step_one: 'Step one' }, { step_one: 'Paso uno' })).toEqual([]);
  });

  it('finds react-admin "one |||| many" texts with another number of forms', () => {
    const problems = checkFile('es', 'f', { items: '1 item |||| %{smart_count} items' }, { items: '%{smart_count} elementos' });
    expect(kinds(problems)).toEqual(['plural items']);
  });

  it('is what i18next needs: without _many, Spanish shows English for a million', async () => {
    const resources = {
      en: { r: { accounts_one: '%{count} account', accounts_other: '%{count} accounts' } },
      es: { r: { accounts_one: '%{count} cuenta', accounts_other: '%{count} cuentas' } },
    };
    const instance = i18next.createInstance();
    await instance.init(i18nextOptions(resources, 'es'));
    expect(instance.t('r.accounts', { count: 2 })).toBe('2 cuentas');
    expect(instance.t('r.accounts', { count: 1_000_000 })).toBe('1000000 accounts');
  });
});

describe('every file of every language', () => {
  it('reports files English does not have and the files of English a language lacks', () => {
    const problems = checkCatalogues(
      { login: { a: 'A' }, sites: { b: 'B' } },
      { es: { login: { a: 'Á' }, old: { c: 'C' } } },
      (l, n) => `locales/${l}/${n}.json`,
    );
    expect(problems.map((p) => `${p.file} ${p.kind} ${p.key}`)).toEqual(['locales/es/old.json extra ', 'locales/es/sites.json missing b']);
  });

  it('prints per language, then file, then key', () => {
    const text = formatProblems(
      checkCatalogues({ login: { a: 'A %{x}' } }, { es: { login: {} }, fr: { login: { a: 'A' } } }, (l, n) => `locales/${l}/${n}.json`),
    );
    expect(text.split('\n')).toEqual([
      'es: 1 problem(s): 1 missing, 0 extra, 0 placeholder, 0 plural, 0 empty',
      '  locales/es/login.json',
      '    missing      a: missing (English: "A %{x}")',
      'fr: 1 problem(s): 0 missing, 0 extra, 1 placeholder, 0 plural, 0 empty',
      '  locales/fr/login.json',
      '    placeholders a: placeholders none, English has %{x}',
    ]);
  });

  it('reads placeholders as %{name}, the interpolation of common/i18n.ts', () => {
    expect(placeholdersOf('%{b} and %{a}, %{ b }, {{c}}')).toEqual(['a', 'b']);
  });
});
