import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded part of the light app drawn with MUI (a step, a dialog, the registration
 * page): the module and the MUI theme (MuiThemeScope, with MUI itself) load together on
 * first use, and the part renders inside the theme of the current colour mode. The first
 * paint of /login has no MUI at all (the 70 KB budget).
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { MuiThemeScope }] = await Promise.all([load(), import('./MuiThemeScope.js')]);
    function Themed(props: P) {
      return (
        <MuiThemeScope>
          <Component {...props} />
        </MuiThemeScope>
      );
    }
    return { default: Themed };
  });
}
