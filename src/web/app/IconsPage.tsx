import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { pushNotice } from '../shell/notices.js';
import { NotificationStack } from '../shell/NotificationStack.js';
import { ReactI18nBridge } from '../banner/ReactI18nBridge.js';
import { PageTitle } from '../resources/PageTitle.js';
import { PORTAL_ICONS } from './portalIcons.js';

export const ICONS_LAST_UPDATED = '2025-02-07';

/** Icon names as the portal uses them, alphabetically. */
export function sortedIconNames(names: readonly string[]): string[] {
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** §2 icons: the icon viewer, every icon the portal draws (portalIcons.ts), nav hidden, 'Last updated' 2025-02-07, copy-name buttons. */
export function IconsPage() {
  const translate = useTranslate();
  const [filter, setFilter] = useState('');
  const names = useMemo(() => sortedIconNames(Object.keys(PORTAL_ICONS)), []);
  const shown = names.filter((n) => n.toLowerCase().includes(filter.trim().toLowerCase()));
  const copy = async (name: string) => {
    await navigator.clipboard?.writeText(name).catch(() => undefined);
    pushNotice({ type: 'info', title: translate('shell.icons.title'), message: translate('shell.icons.copied', { name }) });
  };
  return (
    <ReactI18nBridge>
      <Container component="main" sx={{ py: 3 }}>
        <PageTitle title={translate('shell.icons.title')} />
        <Typography sx={{ mb: 2 }} color="text.secondary">{`${translate('shell.icons.lastUpdated')} ${ICONS_LAST_UPDATED}`}</Typography>
        <TextField
          size="small"
          label={translate('shell.icons.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ mb: 2 }}
        />
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}
        >
          {shown.map((name) => {
            const Icon = PORTAL_ICONS[name];
            return (
              <Box component="li" key={name} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, textAlign: 'center' }}>
                <Box aria-hidden sx={{ fontSize: 32, '& svg': { fontSize: 32 } }}>
                  {Icon && <Icon />}
                </Box>
                <Typography variant="body2" sx={{ my: 1 }}>
                  {name}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  aria-label={translate('shell.icons.copy', { name })}
                  onClick={() => void copy(name)}
                >
                  {translate('shell.icons.copy', { name: '' }).trim()}
                </Button>
              </Box>
            );
          })}
        </Box>
      </Container>
      <NotificationStack />
    </ReactI18nBridge>
  );
}
