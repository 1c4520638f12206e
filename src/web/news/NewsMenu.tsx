import SettingsIcon from '@mui/icons-material/Settings';
import { Menu, useCanAccess } from 'react-admin';
import { NEWS_SETUP_PATH } from './index.js';

/**
 * The menu until the application shell (issue 4) brings its drawer: News,
 * and News Setup for application 1 (SPEC §2 drawer items, §6).
 */
export function NewsMenu() {
  const { canAccess: canSetUp } = useCanAccess({ resource: 'news', action: 'setup' });
  return (
    <Menu>
      <Menu.ResourceItem name="news" />
      {canSetUp && <Menu.Item to={NEWS_SETUP_PATH} primaryText="news.setupTitle" leftIcon={<SettingsIcon />} />}
    </Menu>
  );
}
