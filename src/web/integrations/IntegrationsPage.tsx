import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { AreaTabs } from '../resources/AreaTabs.js';
import { ApiKeysSection } from './ApiKeysSection.js';
import { INTEGRATIONS_PATH, WEBHOOKS_PATH } from './integrationsRules.js';
import { WebhooksSection } from './WebhooksSection.js';

/**
 * /account-group/integrations (xtAdmin): the API keys, and at /account-group/integrations/webhooks
 * the webhook subscriptions (a subscription's delivery log at …/webhooks/:id), as two tabs that are
 * links, so a reload or a shared link lands on the same screen.
 */
export function IntegrationsPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const webhooks = pathname === WEBHOOKS_PATH || pathname.startsWith(`${WEBHOOKS_PATH}/`);
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 820 }}>
        {translate('integrations.page.intro')}
      </Typography>
      <AreaTabs
        label={translate('integrations.page.tabs')}
        links={[
          { to: INTEGRATIONS_PATH, label: translate('integrations.page.keys'), active: !webhooks },
          { to: WEBHOOKS_PATH, label: translate('integrations.page.webhooks'), active: webhooks },
        ]}
      />
      {webhooks ? <WebhooksSection /> : <ApiKeysSection />}
    </Box>
  );
}
