import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../../providers/transportRules.js';

/**
 * Form plumbing shared by the dialogs and the registration page: form schemas
 * cut from the request schemas of schemas/*.ts, and what a failed call shows
 * (§8 'The server's error text is shown when present, otherwise the default').
 */

interface ObjectSchema {
  $id?: string;
  type?: unknown;
  required?: readonly string[];
  properties?: Record<string, unknown>;
  [keyword: string]: unknown;
}

/** A JSON Schema of an object, as the form resolver takes it. */
export interface FormSchema {
  [keyword: string]: unknown;
  type: 'object';
  required: string[];
  properties: Record<string, { type?: string | readonly string[] }>;
}

/**
 * The part of a request schema that a form (or one step of it) edits: the
 * named properties, their required flags, and any extra required ones. The
 * `$id` is dropped, so the same request schema can back several forms.
 */
export function formSchema(schema: ObjectSchema, fields?: readonly string[], alsoRequired: readonly string[] = []): FormSchema {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !fields || fields.includes(name)));
  const required = [...new Set([...(schema.required ?? []), ...alsoRequired])].filter((name) => name in properties);
  const copy: ObjectSchema = { ...schema, properties, required };
  delete copy.$id;
  return copy as FormSchema;
}

export interface FailureView {
  /** The form-level message. */
  message: string;
  /** Field messages of a 400 from schema validation ({message, errors: {field: text}}). */
  fieldErrors: Record<string, string>;
  status: number;
}

/** A failed call as the form shows it; `defaultText` is the translated §8 default. */
export function failureView(error: unknown, defaultText: string): FailureView {
  const failure = error as { status?: unknown; body?: unknown } | null;
  const status = typeof failure?.status === 'number' ? failure.status : 0;
  const body = failure?.body;
  const fieldErrors: Record<string, string> = {};
  if (status === 400 && typeof body === 'object' && body !== null && 'errors' in body) {
    const errors = (body as { errors: unknown }).errors;
    if (typeof errors === 'object' && errors !== null) {
      for (const [field, text] of Object.entries(errors)) if (typeof text === 'string') fieldErrors[field] = text;
    }
  }
  return { message: errorMessage(body, defaultText), fieldErrors, status };
}

/** Puts a 400's field messages on those of `fields` the form shows; the rest stay in the form-level message. */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string>,
  fields: readonly Path<T>[],
): void {
  for (const [field, message] of Object.entries(fieldErrors)) {
    if ((fields as readonly string[]).includes(field)) setError(field as Path<T>, { type: 'server', message });
  }
}

/** §2 password requirements flyout: which rules the typed values meet (the common-password rule is the server's). */
export function passwordRuleStates(password: string, confirmation: string | undefined, limits: { min: number; max: number }) {
  return {
    length: password.length >= limits.min && password.length <= limits.max,
    match: confirmation === undefined ? undefined : password.length > 0 && password === confirmation,
  };
}

/** The questions of a recovery session, whether the server lists texts or {question} objects. */
export function questionTexts(questions: unknown): string[] {
  if (!Array.isArray(questions)) return [];
  return questions
    .map((q: unknown) =>
      typeof q === 'string' ? q : typeof q === 'object' && q !== null ? (q as { question?: unknown }).question : undefined,
    )
    .filter((q): q is string => typeof q === 'string' && q.length > 0);
}
