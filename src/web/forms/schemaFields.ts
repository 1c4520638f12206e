/**
 * What a form needs to know about one field of a JSON Schema in schemas/:
 * whether it is required, its length limits, its options and what kind of
 * input shows it. The forms read these instead of repeating SPEC §5/§9
 * numbers by hand (the server validates with the same schema).
 */
export type FieldKind = 'text' | 'number' | 'boolean' | 'date-time' | 'select';

export interface FieldRules {
  kind: FieldKind;
  required: boolean;
  nullable: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** The allowed values of an enum, without null. */
  options?: readonly (string | number)[];
}

interface PropertySchema {
  type?: string | readonly string[];
  format?: string;
  enum?: readonly unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  readOnly?: boolean;
}

export interface ObjectSchema {
  required?: readonly string[];
  properties?: Record<string, PropertySchema>;
}

function types(property: PropertySchema): string[] {
  return property.type === undefined ? [] : Array.isArray(property.type) ? [...property.type] : [property.type as string];
}

export function fieldRules(schema: ObjectSchema, field: string): FieldRules {
  const property = schema.properties?.[field];
  if (!property) throw new Error(`The schema has no field '${field}'`);
  const typeList = types(property);
  const nullable = typeList.includes('null') || (property.enum?.includes(null) ?? false);
  let kind: FieldKind = 'text';
  if (property.enum) kind = 'select';
  else if (typeList.includes('boolean')) kind = 'boolean';
  else if (typeList.includes('integer') || typeList.includes('number')) kind = 'number';
  else if (property.format === 'date-time') kind = 'date-time';
  // A required text must be more than empty: 'minLength: 1' is what 'Required' means there.
  const required = (schema.required?.includes(field) ?? false) && !nullable;
  return {
    kind,
    required,
    nullable,
    ...(property.minLength !== undefined && { minLength: property.minLength }),
    ...(property.maxLength !== undefined && { maxLength: property.maxLength }),
    ...(property.minimum !== undefined && { minimum: property.minimum }),
    ...(property.maximum !== undefined && { maximum: property.maximum }),
    ...(property.enum && { options: property.enum.filter((v): v is string | number => v !== null) }),
  };
}

/** The fields of a schema a form may edit (read-only, computed fields left out). */
export function editableFields(schema: ObjectSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => !property.readOnly)
    .map(([field]) => field);
}

/** '12/128': how much of a text limit is used (SPEC §9 limits shown beside the input). */
export function lengthCounter(value: unknown, max: number): string {
  const length = typeof value === 'string' ? [...value].length : 0;
  return `${length}/${max}`;
}
