import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import { resourcePage } from '../resources/resourcePage.js';

/**
 * The account group's integrations, spread into <Resource name="account-group/integrations">: its
 * administrator (xtAdmin) manages the API keys its own systems call the portal with, and the
 * webhook subscriptions the portal calls them back on, with each subscription's delivery log.
 */
export const integrations = {
  ...resourcePage({ titleKey: 'shell.pages.integrations' }, () => import('./IntegrationsPage.js').then((m) => m.IntegrationsPage)),
  icon: IntegrationInstructionsIcon,
  recordRepresentation: 'name',
};
