/** Building blocks the entity schemas share. */
export const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;

/** A required text must hold more than spaces: blank text says 'Required'. */
export const notBlank = { pattern: '\\S', errorMessage: { pattern: 'validation.required' } } as const;

/** http(s) only: a stored link must never become `javascript:`. */
export const webUrlPattern = '^https?://[^\\s]+$';

/** 400 answer: a message and one message per invalid field (react-admin's shape). */
export const validationErrorSchema = {
  $id: 'ValidationError',
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

/** Any other error answer. */
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
  },
} as const;
