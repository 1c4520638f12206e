import { useMediaQuery, type Theme } from '@mui/material';
import { headerLayout, SMALL_SCREEN_QUERY, type HeaderLayout } from './headerRules.js';
import { useShellSession } from './useShellSession.js';

const SIGNED_OUT: HeaderLayout = { compact: false, bar: [], overflow: [], drawer: [] };

/** {@link headerLayout} for the signed-in user at the browser's viewport (SPEC §9 small screen). */
export function useHeaderLayout(): HeaderLayout {
  const { user } = useShellSession();
  const small = useMediaQuery(SMALL_SCREEN_QUERY, { noSsr: true });
  const sidebarFits = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'), { noSsr: true });
  return user ? headerLayout(user, { small, sidebarFits }) : SIGNED_OUT;
}
