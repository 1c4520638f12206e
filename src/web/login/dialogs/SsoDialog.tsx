import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import DialogContent from '@mui/material/DialogContent';
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
import { DialogFormActions, FormDialog } from './formLayout.js';
import { failureView, formSchema } from './formSupport.js';
import { ProviderPicker } from './ProviderPicker.js';
import { rememberSsoGroup } from '../ssoBranding.js';
import { ssoLoginUrl } from './providerPickerRules.js';

const resolver = schemaResolver<{ teamDomain: string }>(formSchema(teamDomainSchema));

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
      rememberSsoGroup(found.siteGroupNum);
    } catch (error) {
      // §5 'An unknown tenant gives Invalid Domain'; any other failure says the same, in the field.
      const view = failureView(error, t('dialogs.sso.invalidDomain'));
      form.setError(
        'teamDomain',
        { type: 'server', message: view.status === 404 ? t('dialogs.sso.invalidDomain') : view.message },
        { shouldFocus: true },
      );
    }
  });

  const choose = (provider: string) => {
    if (!tenant) return;
    const returnUrl = safeReturnUrl(new URLSearchParams(window.location.search).get('returnUrl'));
    window.location.assign(ssoLoginUrl(tenant.siteGroupNum, provider, returnUrl));
  };

  return (
    <>
      <FormDialog open={open && !tenant} onClose={close} title={t('dialogs.sso.title')}>
        <form onSubmit={(event) => void submit(event)} noValidate>
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
          <DialogFormActions onCancel={close} submitting={form.formState.isSubmitting} submitLabel={t('dialogs.actions.continue')} />
        </form>
      </FormDialog>
      {tenant ? <ProviderPicker open={open} tenant={tenant} onChoose={choose} onClose={close} /> : null}
    </>
  );
}
