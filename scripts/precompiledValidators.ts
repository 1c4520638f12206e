import path from 'node:path';
import type { Plugin } from 'vite';
import { _, type Ajv, type AnySchema, type CodeOptions } from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { tsImport } from 'tsx/esm/api';

/**
 * The browser's form validators, written out at build time by ajv's standalone code generator
 * instead of compiled in the page (ajv compiles with `new Function`, which a CSP without
 * 'unsafe-eval' refuses). Two kinds of virtual module:
 * - `virtual:precompiled-validators`: each validator's loader by schema key (src/web/forms/schemaKey.ts);
 * - `virtual:precompiled-validators/<name>`: one schema's validator, its own chunk, so a form loads
 *   only its own.
 * The schemas are those of src/web/app/validatedSchemas.ts, with the ajv of src/common/validation.ts
 * (the server's options, formats and keywords), so a form shows the server's messages.
 */

const REGISTRY = 'virtual:precompiled-validators';
const RESOLVED = `\0${REGISTRY}`;
const ROOT = path.resolve(import.meta.dirname, '..');
const RUNTIME = path.join(ROOT, 'src/web/forms/validatorRuntime.ts');

// The helpers the generated code requires, each by its name in validatorRuntime.ts.
const RUNTIME_NAMES: Record<string, string> = {
  'require("ajv/dist/runtime/ucs2length").default': 'ucs2length',
  'require("ajv/dist/runtime/equal").default': 'equal',
  'require("ajv-formats/dist/formats").fullFormats': 'fullFormats',
};

// CommonJS default exports seen through ESM.
const standaloneCode = ((standaloneCodeModule as { default?: unknown }).default ?? standaloneCodeModule) as (
  ajv: Ajv,
  validate: unknown,
) => string;

const CODE_OPTIONS: CodeOptions = { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` };

interface ValidatorModule {
  name: string;
  code: string;
}

const load = <T>(file: string) => tsImport(path.join(ROOT, file), import.meta.url) as Promise<T>;

/** The generated ES module of each schema the browser validates, by schema key. */
export async function validatorModules(): Promise<Map<string, ValidatorModule>> {
  const { createAjv } = await load<typeof import('../src/common/validation.js')>('src/common/validation.ts');
  const { validatedSchemas } = await load<typeof import('../src/web/app/validatedSchemas.js')>('src/web/app/validatedSchemas.ts');
  const { schemaKey } = await load<typeof import('../src/web/forms/schemaKey.js')>('src/web/forms/schemaKey.ts');
  const ajv = createAjv({ code: CODE_OPTIONS });
  const modules = new Map<string, ValidatorModule>();
  for (const [name, schema] of Object.entries(validatedSchemas())) {
    const key = schemaKey(schema);
    if (modules.has(key)) continue;
    modules.set(key, { name, code: asModule(name, standaloneCode(ajv, ajv.compile(schema as AnySchema))) });
  }
  return modules;
}

/** The generated code with its `require(...)` of ajv's helpers made imports of validatorRuntime.ts. */
function asModule(name: string, code: string): string {
  const used = new Set<string>();
  const body = code.replace(/require\("[^"]+"\)\.\w+/g, (call) => {
    const helper = RUNTIME_NAMES[call];
    if (!helper)
      throw new Error(
        `The validator of ${name} calls ${call}: add it to src/web/forms/validatorRuntime.ts and ${path.basename(import.meta.filename)}`,
      );
    used.add(helper);
    return helper;
  });
  const imports = used.size ? `import { ${[...used].sort().join(', ')} } from ${JSON.stringify(RUNTIME)};\n` : '';
  return `${imports}${body}\n`;
}

export function precompiledValidators(): Plugin {
  let modules: Promise<Map<string, ValidatorModule>> | undefined;
  return {
    name: 'precompiled-validators',
    resolveId(id) {
      return id === REGISTRY || id.startsWith(`${REGISTRY}/`) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const all = await (modules ??= validatorModules());
      if (id === RESOLVED) {
        const loaders = [...all].map(
          ([key, { name }]) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(`${REGISTRY}/${name}`)}),`,
        );
        return `export const validators = {\n${loaders.join('\n')}\n};\n`;
      }
      const name = id.slice(RESOLVED.length + 1);
      const found = [...all.values()].find((module) => module.name === name);
      if (!found) this.error(`No precompiled validator named ${name}`);
      return found.code;
    },
  };
}
