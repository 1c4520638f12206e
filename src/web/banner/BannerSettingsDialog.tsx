import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Form, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { statusBannerSchema, type BannerImportance, type StatusBanner as Banner } from '../../../schemas/statusBanner.js';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import { SchemaInput } from '../forms/SchemaInput.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { clientMessage } from '../providers/errorMessages.js';
import { BANNER_CHANGED_EVENT, StatusBannerStrip } from './StatusBanner.js';

const validate = lazySchemaValidator(statusBannerSchema);
const EMPTY: Banner = { active: false, title: '', body: '', importance: 'Info' };

/** The strip as it will look, from the form's live values. */
function LivePreview() {
  const translate = useTranslate();
  const [title, body, importance] = useWatch({ name: ['title', 'body', 'importance'] }) as [string, string, BannerImportance];
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="overline" component="p" color="text.secondary">
        {translate('banner.settings.preview')}
      </Typography>
      <StatusBannerStrip banner={{ title: title || '—', body: body || '—', importance: importance || 'Info' }} />
    </Box>
  );
}

/**
 * SPEC §2 status banner editor ('Banner Settings', application 1): the
 * fields and limits of §5 from the schema, Save enabled only when changed
 * and valid (§4), 'The banner was successfully updated' (§8).
 */
export function BannerSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('banner.settings.title')}</DialogTitle>
      {/* The Dialog unmounts its content when closed: every opening loads the banner afresh. */}
      <BannerSettingsContent onClose={onClose} />
    </Dialog>
  );
}

function BannerSettingsContent({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // Every opening reads afresh (no cache kept, gcTime 0) and a failure shows at once (no retry).
  const loaded = useQuery({ queryKey: ['statusBanner'], queryFn: () => dataProvider.statusBanner(), gcTime: 0, retry: false });
  const banner: Banner | 'error' | undefined = loaded.isError ? 'error' : loaded.isPending ? undefined : (loaded.data ?? EMPTY);

  const save = async (values: Record<string, unknown>) => {
    const { active, title, body, importance } = values as Banner;
    try {
      await dataProvider.saveStatusBanner({ active: !!active, title, body, importance });
      window.dispatchEvent(new CustomEvent(BANNER_CHANGED_EVENT));
      notify('banner.settings.saved', { type: 'success' });
      onClose();
      return undefined;
    } catch (error) {
      const { message, fieldErrors } = clientMessage(error, 'banner.errors.update');
      notify(message, { type: 'error' });
      return fieldErrors;
    }
  };

  if (banner === undefined) {
    return (
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </DialogContent>
    );
  }
  if (banner === 'error') {
    return (
      <>
        <DialogContent>
          <Alert severity="error">{translate('banner.errors.load')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('banner.settings.cancel')}</Button>
        </DialogActions>
      </>
    );
  }
  return (
    <Form record={banner} onSubmit={save} validate={validate} mode="onChange" reValidateMode="onChange" noValidate>
      <DialogContent dividers>
        <SchemaInput schema={statusBannerSchema} source="active" label="banner.fields.active" />
        <SchemaInput schema={statusBannerSchema} source="title" label="banner.fields.title" />
        <SchemaInput schema={statusBannerSchema} source="body" label="banner.fields.body" multiline />
        <SchemaInput
          schema={statusBannerSchema}
          source="importance"
          label="banner.fields.importance"
          optionLabel={(value) => `banner.importance.${value}`}
        />
        <LivePreview />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          {translate('banner.settings.cancel')}
        </Button>
        <FormSubmitButton label="banner.settings.save" />
      </DialogActions>
    </Form>
  );
}
