import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

/**
 * The submit button of a schema form: enabled only when the form has changed
 * and is valid (SPEC §4 news save, status banner editor), busy while saving.
 */
export function FormSubmitButton({ label, alwaysEnable = false }: { label: string; alwaysEnable?: boolean }) {
  const translate = useTranslate();
  const { isDirty, isValid, isSubmitting, isValidating } = useFormState();
  const disabled = isSubmitting || isValidating || (!alwaysEnable && (!isDirty || !isValid));
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={disabled}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
    >
      {translate(label)}
    </Button>
  );
}
