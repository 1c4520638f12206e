import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { DealerBranding } from '../../../schemas/dealer.js';
import { checkLogo, LOGO_LIMITS, LOGO_VARIANTS, type LogoVariant } from '../../common/logoRules.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { failureMessage } from '../providers/errorMessages.js';
import { LogoCard } from './LogoCard.js';
import { LoadFailed } from '../resources/LoadFailed.js';

const QUERY_KEY = ['branding', 'current'] as const;
/** Queries that show the logos elsewhere: the shell's header and the account group page. */
const SHOWN_ELSEWHERE = [['shell', 'branding'], ['accountGroup']];

/**
 * /branding (SPEC §3 branding, §6 xtAdmin): the group's header logo for the light and
 * the dark theme, each previewed in its theme's header, uploaded after the same check the
 * server makes (src/common/logoRules.ts: type by content, bytes and pixels), or reset.
 */
export function BrandingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: () => dataProvider.branding() });
  const [busy, setBusy] = useState<LogoVariant>();
  const [errors, setErrors] = useState<Partial<Record<LogoVariant, string>>>({});

  const run = async (variant: LogoVariant, action: () => Promise<DealerBranding>, done: string) => {
    setBusy(variant);
    setErrors((e) => ({ ...e, [variant]: undefined }));
    try {
      queryClient.setQueryData(QUERY_KEY, await action());
      await Promise.all(SHOWN_ELSEWHERE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      notify(done, { type: 'success' });
    } catch (error) {
      setErrors((e) => ({ ...e, [variant]: translate(failureMessage(error, 'ra.notification.http_error')) }));
    } finally {
      setBusy(undefined);
    }
  };

  const upload = async (variant: LogoVariant, file: File) => {
    const checked = checkLogo(file.name, new Uint8Array(await file.arrayBuffer()));
    if ('problem' in checked) {
      setErrors((e) => ({ ...e, [variant]: translate(checked.problem.key, checked.problem.args) }));
      return;
    }
    await run(variant, () => dataProvider.uploadLogo(variant, file), 'branding.page.uploaded');
  };

  // The screen's own message, whatever the server answered.
  if (query.isError)
    return <LoadFailed error={undefined} messageKey="branding.page.loadFailed" retryKey="branding.page.retry" onRetry={query.refetch} />;
  const { maxBytes, maxWidth, maxHeight, minWidth, minHeight } = LOGO_LIMITS;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Typography color="text.secondary">{translate('branding.page.intro')}</Typography>
      <Alert severity="info" variant="outlined" role="note">
        {translate('branding.page.rules', { maxKb: maxBytes / 1024, maxWidth, maxHeight, minWidth, minHeight })}
      </Alert>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {LOGO_VARIANTS.map((variant) =>
          query.data ? (
            <LogoCard
              key={variant}
              variant={variant}
              branding={query.data}
              busy={busy === variant}
              error={errors[variant]}
              onFile={(file) => void upload(variant, file)}
              onReset={() => void run(variant, () => dataProvider.resetLogo(variant), 'branding.page.resetDone')}
            />
          ) : (
            <Skeleton key={variant} variant="rounded" height={240} />
          ),
        )}
      </Box>
    </Stack>
  );
}
