import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { captchaStrings, captchaValue, type CaptchaState } from './captchaRules.js';

/** The server's ALTCHA challenge (src/server/captcha/captchaPlugin.ts CAPTCHA_CHALLENGE_PATH). */
const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

export interface CaptchaFieldHandle {
  /** A fresh challenge: every solution is accepted once, so a failed submit needs a new one. */
  reset(): void;
}

export interface CaptchaFieldProps {
  /** The solved payload (the form value), or '' while unsolved. */
  onChange(value: string): void;
  /** A validation or server message shown under the widget. */
  error?: string;
  ref?: Ref<CaptchaFieldHandle>;
}

type WidgetElement = HTMLElement & AltchaWidgetMethods;

/** Loaded once, on the first CaptchaField: the widget stays out of the sign-in entry chunk. */
let widgetModule: Promise<unknown> | undefined;
function loadWidget(): Promise<unknown> {
  widgetModule ??= import('altcha');
  return widgetModule;
}

/**
 * The ALTCHA proof-of-work captcha (SPEC §2 dialogs, §5 'Captcha required').
 * The widget solves its challenge in a worker when the user ticks its box;
 * `reset()` fetches a new one (§4 'The captcha is reset after a failed reset
 * or register', §8 409 on forgot username).
 */
export function CaptchaField({ onChange, error, ref }: CaptchaFieldProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const [loaded, setLoaded] = useState(false);
  const widgetRef = useRef<WidgetElement | null>(null);
  const onChangeRef = useRef(onChange);
  const groupId = useId();
  const errorId = `${groupId}-error`;

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let active = true;
    void loadWidget().then(() => {
      if (active) setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!loaded || !widget) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: CaptchaState; payload?: string }>).detail;
      onChangeRef.current(captchaValue(state, payload));
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, [loaded]);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        onChangeRef.current('');
        widgetRef.current?.reset();
      },
    }),
    [],
  );

  const strings = captchaStrings((key) => t(key));
  const style: AltchaWidgetCSSProperties = {
    '--altcha-color-base': 'transparent',
    '--altcha-color-border': error ? theme.palette.error.main : theme.palette.divider,
    '--altcha-color-border-focus': theme.palette.primary.main,
    '--altcha-color-text': theme.palette.text.primary,
    '--altcha-color-error-text': theme.palette.error.main,
    '--altcha-border-radius': `${theme.shape.borderRadius}px`,
    '--altcha-max-width': '100%',
  };

  return (
    <Box role="group" aria-label={t('dialogs.captcha.label')} aria-describedby={error ? errorId : undefined} data-testid="captcha">
      {loaded ? (
        <altcha-widget
          ref={widgetRef as unknown as AltchaWidgetReactRefObject<HTMLElement>}
          challengeurl={CAPTCHA_CHALLENGE_URL}
          credentials="same-origin"
          language={i18n.language}
          strings={strings}
          hidefooter
          hidelogo
          style={style}
        />
      ) : (
        <Skeleton variant="rounded" height={48} aria-hidden />
      )}
      {error ? (
        <FormHelperText id={errorId} error role="alert">
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
