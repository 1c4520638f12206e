import { useDeferredValue, useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { privacyPolicyUi, privacyPolicyUpdateSchema } from '../../../schemas/privacyPolicy.js';
import { SchemaForm, type SchemaFormSlot } from '../forms/SchemaForm.js';
import { SchemaInput } from '../forms/SchemaInput.js';
import type { LaidOutField } from '../forms/schemaLayout.js';
import { PolicyMarkdown } from '../privacy/PolicyMarkdown.js';

/**
 * The markdown beside its preview (side by side on wide screens, the preview below on phones). The
 * preview is PolicyMarkdown, the component users read the policy with at sign-in, so what the
 * editor sees is what users will be shown; it follows typing a frame behind on a long text.
 */
function PolicyEditor({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const previewId = useId();
  const text = useWatch({ name: field.source }) as string | undefined;
  const preview = useDeferredValue(text ?? '');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
      <Box sx={{ '& textarea': { fontFamily: 'monospace', fontSize: '0.875rem', maxHeight: 560, overflowY: 'auto !important' } }}>
        <SchemaInput schema={privacyPolicyUpdateSchema} source={field.source} label={field.label} multiline />
      </Box>
      <Box>
        <Typography id={previewId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('privacyPolicies.preview')}
        </Typography>
        {/* Focusable: a keyboard reaches and scrolls a long policy (WCAG 2.1.1). */}
        <Box
          tabIndex={0}
          data-testid="privacy-policy-preview"
          aria-labelledby={previewId}
          role="region"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, maxHeight: 560, overflowY: 'auto' }}
        >
          {preview.trim() ? (
            <PolicyMarkdown text={preview} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('privacyPolicies.previewEmpty')}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}

const SLOTS: Record<string, SchemaFormSlot> = {
  policyEditor: (field) => <PolicyEditor field={field} />,
};

/** The publish form's inputs: the schema's one field, drawn by the 'policyEditor' slot of privacyPolicyUi. */
export function PrivacyPolicyInputs() {
  return <SchemaForm schema={privacyPolicyUpdateSchema} ui={privacyPolicyUi} slots={SLOTS} />;
}
