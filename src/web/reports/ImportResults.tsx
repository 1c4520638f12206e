import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SiteImportStatus } from '../../../schemas/siteImport.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { useReportEvents } from '../realtime/reportFeed.js';

/** Imports with a result to look at. */
const FINISHED: SiteImportStatus[] = ['done', 'cancelled', 'undone'];
/** How many the inbox names; the import page lists more. */
const SHOWN = 5;

/**
 * The user's latest finished account imports, above the report runs: each links to its result on
 * the import page (/site/import?batch=…), where its file (CSV or Excel, with an error column)
 * downloads. Only for users who may import (access entry siteImports); read again when a job ends.
 */
export function ImportResults() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: 'siteImports', action: 'list' });
  const { data } = useQuery({ queryKey: ['siteImports'], queryFn: () => dataProvider.siteImports(), enabled: !!canAccess });
  useReportEvents((event) => {
    if (event.kind === 'complete') void queryClient.invalidateQueries({ queryKey: ['siteImports'], exact: true });
  });
  const finished = data?.filter((batch) => FINISHED.includes(batch.status)).slice(0, SHOWN);
  if (!canAccess || !finished?.length) return null;
  return (
    <Box component="section" aria-labelledby="inbox-imports" sx={{ mb: 2 }} data-testid="inbox-imports">
      <Typography id="inbox-imports" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate('reportScreens.inbox.imports.title')}
      </Typography>
      <List dense disablePadding>
        {finished.map((batch) => (
          <ListItem key={batch.id} divider disableGutters>
            <ListItemText
              sx={{ minWidth: 0 }}
              primary={
                <Link component={RouterLink} to={`/site/import?batch=${batch.id}`} sx={{ overflowWrap: 'anywhere' }}>
                  {translate('reportScreens.inbox.imports.name', { name: batch.fileName })}
                </Link>
              }
              secondary={translate('reportScreens.inbox.imports.line', {
                status: translate(`siteImport.status.${batch.status}`),
                date: new Date(batch.finishedAt ?? batch.createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
                created: batch.counts.created,
                refused: batch.counts.refused,
                skipped: batch.counts.skipped,
              })}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
