import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import equalModule from 'ajv/dist/runtime/equal.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';

/**
 * What the precompiled validators (scripts/precompiledValidators.ts) call at run time: ajv's
 * string length and deep equality, and ajv-formats' formats (src/common/validation.ts adds them
 * in full mode). The generated code names them by `require(...)`; the build rewrites each to an
 * import of this module, which knows no other helper, so a new one fails the build.
 */

// CommonJS default exports seen through ESM.
const defaultOf = <T>(module: T): T => (module as { default?: T }).default ?? module;

export const ucs2length = defaultOf(ucs2lengthModule);
export const equal = defaultOf(equalModule);
export { fullFormats };
