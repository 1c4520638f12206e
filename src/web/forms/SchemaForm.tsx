import { Fragment, useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { UiHints } from '../../../schemas/uiHints.js';
import { CrossFieldValidation } from './CrossFieldValidation.js';
import { SchemaInput } from './SchemaInput.js';
import { isBuiltInWidget, schemaLayout, type LaidOutField } from './schemaLayout.js';
import type { ObjectSchema } from './schemaFields.js';
import type { NotAfterRule } from '../../common/validation.js';
import { WIDGETS, type SchemaFormSlot } from './widgets.js';

export type { SchemaFormSlot };

export interface SchemaFormProps {
  /** The entity's JSON Schema (schemas/<entity>.ts): rules, limits, options; its `notAfter` cross-field rule. */
  schema: ObjectSchema & { notAfter?: NotAfterRule };
  /** Its UI hints (the sibling `<entity>Ui` export): order, sections, rows, widgets. */
  ui: UiHints;
  /** Inputs for the hints' one-off widgets, by widget name ('document', 'iconPicker'...); the named widgets every form knows are in widgets.tsx. */
  slots?: Record<string, SchemaFormSlot>;
}

function Field({ schema, field, slots }: { schema: ObjectSchema; field: LaidOutField; slots?: Record<string, SchemaFormSlot> }) {
  const translate = useTranslate();
  if (!isBuiltInWidget(field.widget)) {
    const slot = slots?.[field.widget] ?? WIDGETS[field.widget];
    if (!slot) throw new Error(`SchemaForm: no widget '${field.widget}' for '${field.source}'`);
    return <>{slot(field)}</>;
  }
  return (
    <SchemaInput
      schema={schema}
      source={field.source}
      label={field.label}
      multiline={field.widget === 'textarea'}
      optionLabel={field.optionLabel}
      emptyText={field.emptyLabel ? translate(field.emptyLabel) : undefined}
      helperText={field.hint ? translate(field.hint) : undefined}
      autoFocus={field.autoFocus}
    />
  );
}

/**
 * The inputs of a react-admin form, drawn from an entity's JSON Schema and its UI hints:
 * each field's input, required mark, length counter and options come from the schema
 * (SchemaInput), the messages from the form's schemaValidator (the server's ajv and locale
 * keys), the order, sections and rows from the hints; custom widgets from `slots`. The
 * schema's cross-field rule (`notAfter`: a start not after its end) is checked again as
 * either field changes. Goes inside a react-admin <Form> (the slide-over gives one).
 */
export function SchemaForm({ schema, ui, slots }: SchemaFormProps) {
  const translate = useTranslate();
  const sections = useMemo(() => schemaLayout(schema, ui), [schema, ui]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }} data-testid="schema-form">
      <CrossFieldValidation schema={schema} />
      {sections.map((section, s) => (
        <Box
          key={section.title ?? s}
          component={section.title ? 'fieldset' : 'div'}
          sx={{ border: 0, p: 0, m: 0, mt: section.title ? 2 : 0, minWidth: 0 }}
        >
          {section.title && (
            <Typography component="legend" variant="overline" color="text.secondary" sx={{ p: 0, mb: 1, lineHeight: 2 }}>
              {translate(section.title)}
            </Typography>
          )}
          {section.rows.map((row) => (
            <Box
              key={row.fields.map((f) => f.source).join('+')}
              sx={{
                display: 'grid',
                columnGap: 2,
                mb: 1,
                gridTemplateColumns: { xs: '1fr', sm: `repeat(${row.fields.length}, minmax(0, 1fr))` },
                // A field whose row-mates draw nothing now (a date shown only for one status) takes the line.
                '& > :only-child': { gridColumn: '1 / -1' },
              }}
            >
              {row.fields.map((field) => (
                <Fragment key={field.source}>
                  <Field schema={schema} field={field} slots={slots} />
                </Fragment>
              ))}
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
