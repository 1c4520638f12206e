import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import DescriptionIcon from '@mui/icons-material/Description';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ValidationError, type ValidationErrorMessage } from 'react-admin';

export interface FileInputProps {
  /** The schema's field the form places: the chosen (or stored) file's name. */
  nameSource: string;
  /** The form's own field holding the chosen File: no schema's, the save's own step sends it. */
  fileSource: string;
  /** Texts, translated: the legend (none: the button says it), the button, the hint under it, 'No file chosen', Remove. */
  texts: { label?: string; choose: string; hint: string; none?: string; remove?: string };
  /** The input's accept attribute. */
  accept: string;
  /** A chosen file's problem (a text), or undefined when it may be sent; the server checks the content again. */
  check: (file: File) => string | undefined;
  /** After a file is taken (the form may fill a field from its name). */
  onChosen?: (file: File) => void;
  /** Test ids: `${testId}-name` (the chosen name) and `${testId}-file` (the input). */
  testId: string;
}

/**
 * One file chosen in a schema form (news' PDF, a library document): the current name, a remove
 * action where a stored file may go, and a chooser for one file checked as it is chosen. The
 * choice lives in the form (`fileSource`, `nameSource`); the form's mutation middleware sends it
 * with or after the record (useNewsDocumentSave, the library's upload).
 */
export function FileInput({ nameSource, fileSource, texts, accept, check, onChosen, testId }: FileInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { setValue, setError, clearErrors } = useFormContext();
  const name = useWatch({ name: nameSource }) as string | null | undefined;
  const { errors } = useFormState({ name: [fileSource, nameSource] });
  const error = (errors[fileSource] ?? errors[nameSource])?.message as ValidationErrorMessage | undefined;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = check(file);
    if (problem) {
      setError(fileSource, { type: 'manual', message: problem });
      return;
    }
    clearErrors(fileSource);
    setValue(fileSource, file, { shouldDirty: true });
    setValue(nameSource, file.name, { shouldDirty: true, shouldValidate: true });
    onChosen?.(file);
  };

  const remove = () => {
    clearErrors(fileSource);
    setValue(fileSource, undefined, { shouldDirty: true });
    setValue(nameSource, null, { shouldDirty: true, shouldValidate: true });
    if (input.current) input.current.value = '';
  };

  const Icon = name && /\.pdf$/i.test(name) ? PictureAsPdfIcon : DescriptionIcon;
  return (
    // The group is named after the field it sets, as every input of a schema form is (entityForms.test.tsx).
    <Box component="fieldset" name={nameSource} sx={{ border: 0, p: 0, m: 0, mt: 1, minWidth: 0 }} aria-describedby={`${id}-hint`}>
      {texts.label && (
        <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {texts.label}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {name ? (
          <>
            <Chip icon={<Icon aria-hidden="true" />} label={name} data-testid={`${testId}-name`} sx={{ maxWidth: '100%' }} />
            {texts.remove && (
              <IconButton size="small" onClick={remove} aria-label={texts.remove}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </>
        ) : (
          texts.none && (
            <Typography variant="body2" color="text.secondary">
              {texts.none}
            </Typography>
          )
        )}
        <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
          {texts.choose}
          <input
            ref={input}
            hidden
            type="file"
            accept={accept}
            data-testid={`${testId}-file`}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Button>
      </Box>
      <FormHelperText id={`${id}-hint`} error={!!error} role={error ? 'alert' : undefined}>
        {error ? <ValidationError error={error} /> : texts.hint}
      </FormHelperText>
    </Box>
  );
}
