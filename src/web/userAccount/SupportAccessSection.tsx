import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { supportAccessEnd } from '../../common/supportActions.js';
import { failureMessage } from '../providers/errorMessages.js';
import { Section } from './Section.js';
import { formatWhen } from './userAgent.js';
import { useAccountProvider } from './userAccountQueries.js';

/**
 * 'Support access': each time support used the portal as this user (impersonation),
 * who, why, for how long and when it ended, from GET /api/user/supportAccess (their own only).
 */
export function SupportAccessSection() {
  const translate = useTranslate();
  const dataProvider = useAccountProvider();
  const [locale = 'en'] = useLocaleState();
  const { data, error } = useQuery({
    queryKey: ['userAccount', 'supportAccess'],
    queryFn: () => dataProvider.supportAccess(),
  });
  const t = (key: string, args?: Record<string, unknown>) => translate(`support.supportAccess.${key}`, args);
  let body;
  if (error) body = <Alert severity="error">{translate(failureMessage(error, 'support.supportAccess.loadFailed'))}</Alert>;
  else if (!data) body = null;
  else if (data.length === 0) body = <Alert severity="info">{t('none')}</Alert>;
  else {
    body = (
      <List dense disablePadding>
        {data.map((row) => {
          const end = supportAccessEnd(row);
          return (
            <ListItem key={row.id} disableGutters divider sx={{ display: 'block' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {row.supportName}
              </Typography>
              <Typography variant="body2">{row.reason}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t('started', { date: formatWhen(row.startedAt, locale), smart_count: row.durationMinutes })} ·{' '}
                {translate(end.key, { date: formatWhen(end.date, locale) })}
              </Typography>
            </ListItem>
          );
        })}
      </List>
    );
  }
  return (
    <Section title={t('title')} intro={t('intro')}>
      {body}
    </Section>
  );
}
