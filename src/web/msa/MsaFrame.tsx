import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SiteDetail } from '../../../schemas/sites.js';
import type { AccountLink } from '../../../schemas/user.js';
import { visuallyHidden } from '../resources/visuallyHidden.js';
import { useMsaSite } from './useMsaSite.js';
import { LoadFailed } from '../resources/LoadFailed.js';

export interface MsaScreen {
  site: SiteDetail;
  links: readonly AccountLink[];
  dn?: number;
  refetch: () => Promise<unknown>;
}

/**
 * Every customer screen: its title, then the active account's content once loaded: a
 * skeleton while loading, a retry on failure, and a designed state for a customer with no
 * linked account.
 */
export function MsaFrame({ title, children }: { title: ReactNode; children: (screen: MsaScreen) => ReactNode }) {
  const translate = useTranslate();
  const { site, links, dn, isPending, error, refetch } = useMsaSite();
  let body: ReactNode;
  if (error) {
    body = <LoadFailed error={error} messageKey="msa.loadFailed" retryKey="msa.retry" onRetry={refetch} />;
  } else if (links && links.length === 0) {
    body = (
      <Alert severity="info">
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('msa.noLinks.title')}
        </Typography>
        {translate('msa.noLinks.text')}
      </Alert>
    );
  } else if (isPending || !site || !links) {
    body = (
      <Stack spacing={2} aria-busy="true">
        <Box role="status" sx={visuallyHidden}>
          {translate('msa.loading')}
        </Box>
        <Skeleton variant="text" width="50%" height={36} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  } else {
    body = children({ site, links, dn, refetch });
  }
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      {title}
      {body}
    </Box>
  );
}
