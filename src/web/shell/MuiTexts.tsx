import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/**
 * MUI's own texts in the user's language: the Autocomplete's Open, Close, Clear, 'No options'
 * and 'Loading…' and the Alert's Close are English defaults inside MUI (the pseudo-locale
 * showed them). Given once here, as theme default props, for every page of the shell.
 */
export function MuiTexts({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const theme = useCallback(
    // The outer theme goes in as options: checking a whole Theme against ThemeOptions cost the
    // type checker some 40 s (tsc --generateTrace), the cast none; createTheme merges the two.
    (outer: Theme) =>
      createTheme(outer as ThemeOptions, {
        components: {
          MuiAutocomplete: {
            defaultProps: {
              openText: translate('shell.fields.open'),
              closeText: translate('shell.fields.close'),
              clearText: translate('shell.fields.clear'),
              noOptionsText: translate('shell.fields.noOptions'),
              loadingText: translate('shell.loading'),
            },
          },
          MuiAlert: { defaultProps: { closeText: translate('shell.fields.close') } },
        },
      }),
    // translate changes with the language (react-admin's useTranslate).
    [translate],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
