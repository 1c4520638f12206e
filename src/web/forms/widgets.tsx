import type { ReactNode } from 'react';
import type { LaidOutField } from './schemaLayout.js';

/** A custom input for a widget the form does not draw itself: gets the field's rules and labels. */
export type SchemaFormSlot = (field: LaidOutField) => ReactNode;

/**
 * The named widgets every schema form knows, by the name a UI hint gives (`widget: 'phone'`):
 * inputs that more than one entity uses (a phone number, a passcode with reveal, a time of day,
 * a recurrence). A form's own one-off inputs are its `slots`. Each widget is a react-admin input
 * bound to `field.source`, with the schema's rules in `field.rules`.
 */
export const WIDGETS: Record<string, SchemaFormSlot> = {};
