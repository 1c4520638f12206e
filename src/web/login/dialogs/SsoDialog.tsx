import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { teamDomainSchema } from '../../../../schemas/auth.js';
import type { SsoTenant } from '../../../../schemas/dealer.js';
import { safeReturnUrl } from '../../../common/loginFlow.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { FormTextField } from './fields.js';
import { failureView, formSchema } from './formSupport.js';
import { ProviderPicker } from './ProviderPicker.js';
import { ssoLoginUrl } from './providerPickerRules.js';

const resolver = schemaResolver<{ teamDomain: string }>(formSchema(teamDomainSchema));

/** §2 SSO dialogs: 600 px wide, at most 90% of the window. */
export const SSO_DIALOG_PAPER = { width: 600, maxWidth: '90%' } as const;

export interface SsoDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * SPEC §2 'Sign in with Single Sign-On': the team domain is looked up (§7
 * tenant lookup); the provider picker follows; choosing a provider sends the
 * browser to the SSO login path (the login page's returnUrl travels along).
 */
export function SsoDialog({ open, onClose }: SsoDialogProps) {
  const { t } = useTranslation();
  const [tenant, setTenant] = useState<SsoTenant | null>(null);
  const form = useForm<{ teamDomain: string }>({ resolver, defaultValues: { teamDomain: '' } });

  const close = () => {
    setTenant(null);
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async ({ teamDomain }) => {
    try {
      const found = await api<SsoTenant>('account/sso/tenant', 'POST', { teamDomain: teamDomain.trim() }, { skipError: true });
      setTenant(found);
    } catch (error) {
      // §5 'An unknown tenant gives Invalid Domain'; any other failure says the same, in the field.
      const view = failureView(error, t('dialogs.sso.invalidDomain'));
      form.setError('teamDomain', { type: 'server', message: view.status === 404 ? t('dialogs.sso.invalidDomain') : view.message }, { shouldFocus: true });
    }
  });

  const choose = (provider: string) => {
    if (!tenant) return;
    const returnUrl = safeReturnUrl(new URLSearchParams(window.location.search).get('returnUrl'));
    window.location.assign(ssoLoginUrl(tenant.siteGroupNum, provider, returnUrl));
  };

  return (
    <>
      <Dialog open={open && !tenant} onClose={close} slotProps={{ paper: { sx: SSO_DIALOG_PAPER } }} maxWidth={false}>
        <DialogTitle>{t('dialogs.sso.title')}</DialogTitle>
        <form onSubmit={submit} noValidate>
          <DialogContent sx={{ pt: 1 }}>
            <FormTextField
              form={form}
              name="teamDomain"
              label={t('dialogs.sso.teamDomain')}
              required
              autoFocus
              autoComplete="organization"
              sx={{ mt: 1 }}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={t('dialogs.sso.info')} describeChild>
                        <IconButton aria-label={t('dialogs.sso.infoLabel')} edge="end" size="small">
                          <InfoOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close}>{t('dialogs.actions.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={form.formState.isSubmitting}
              startIcon={form.formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('dialogs.actions.continue')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {tenant ? <ProviderPicker open={open} tenant={tenant} onChoose={choose} onClose={close} /> : null}
    </>
  );
}
