declare module 'virtual:precompiled-validators' {
  import type { ValidateFunction } from 'ajv';

  /** Each precompiled validator's loader, by schema key (schemaKey.ts); scripts/precompiledValidators.ts writes it. */
  export const validators: Record<string, () => Promise<{ default: ValidateFunction }>>;
}
