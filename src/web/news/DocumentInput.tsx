import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { NEWS_DOCUMENT_MAX_BYTES } from '../../../schemas/news.js';
import { checkChosenFile } from './newsRules.js';

const MAX_LABEL = `${NEWS_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`;

/**
 * The news document (SPEC §2 'Document upload accepts one file, pdf only'):
 * the current name with a remove action, and a chooser for one PDF. The
 * choice lives in the form (`documentFile`, `documentName`); the save sends
 * it after the item, as §4 says.
 */
export function DocumentInput() {
  const translate = useTranslate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { setValue, setError, clearErrors } = useFormContext();
  const name = useWatch({ name: 'documentName' }) as string | null | undefined;
  const { errors } = useFormState({ name: 'documentFile' });
  const error = errors.documentFile?.message;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const check = checkChosenFile(file, NEWS_DOCUMENT_MAX_BYTES);
    if (check !== 'ok') {
      setError('documentFile', {
        type: 'manual',
        message: translate(check === 'notPdf' ? 'news.document.notPdf' : 'news.document.tooLarge', { max: MAX_LABEL }),
      });
      return;
    }
    clearErrors('documentFile');
    setValue('documentFile', file, { shouldDirty: true });
    setValue('documentName', file.name, { shouldDirty: true, shouldValidate: true });
  };

  const remove = () => {
    clearErrors('documentFile');
    setValue('documentFile', undefined, { shouldDirty: true });
    setValue('documentName', null, { shouldDirty: true, shouldValidate: true });
    if (input.current) input.current.value = '';
  };

  return (
    // The group is named after the field it sets, as every input of a schema form is (entityForms.test.tsx).
    <Box component="fieldset" name="documentName" sx={{ border: 0, p: 0, m: 0, mt: 1 }} aria-describedby={`${id}-hint`}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('news.document.label')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {name && (
          <>
            <Chip icon={<PictureAsPdfIcon aria-hidden="true" />} label={name} data-testid="news-document-name" sx={{ maxWidth: '100%' }} />
            <IconButton size="small" onClick={remove} aria-label={translate('news.document.remove')}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </>
        )}
        <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
          {translate('news.document.choose')}
          <input
            ref={input}
            hidden
            type="file"
            accept="application/pdf,.pdf"
            data-testid="news-document-file"
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Button>
      </Box>
      <FormHelperText id={`${id}-hint`} error={!!error} role={error ? 'alert' : undefined}>
        {error ? String(error) : translate('news.document.hint', { max: MAX_LABEL })}
      </FormHelperText>
    </Box>
  );
}
