import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import HighlightOff from '@mui/icons-material/HighlightOff';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { passwordRuleStates } from './formSupport.js';

/** The error text react-hook-form holds for a (possibly nested) field. */
function errorText<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>): string | undefined {
  const message = form.getFieldState(name, form.formState).error?.message;
  return typeof message === 'string' && message ? message : undefined;
}

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  form: UseFormReturn<T>;
  name: Path<T>;
  maxLength?: number;
};

/** A MUI text field bound to react-hook-form: label, error and helper text wired for screen readers. */
export function FormTextField<T extends FieldValues>({ form, name, maxLength, helperText, slotProps, ...props }: FormTextFieldProps<T>) {
  const { ref, ...registered } = form.register(name);
  const error = errorText(form, name);
  return (
    <TextField
      {...props}
      {...registered}
      inputRef={ref}
      error={!!error}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{ ...slotProps, htmlInput: { maxLength, ...(slotProps?.htmlInput as object | undefined) } }}
    />
  );
}

/** A password field with a show/hide button. */
export function PasswordTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={t(visible ? 'dialogs.password.hide' : 'dialogs.password.show')}
                onClick={() => setVisible((v) => !v)}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function RuleIcon({ met }: { met: boolean | undefined }) {
  if (met === undefined) return <RadioButtonUnchecked fontSize="small" color="disabled" />;
  return met ? <CheckCircleOutline fontSize="small" color="success" /> : <HighlightOff fontSize="small" color="error" />;
}

/** §2 'a requirements flyout': an info button beside the password opening the rules, each marked as met or not. */
export function PasswordRequirements({
  password,
  confirmation,
  min,
  max,
}: {
  password: string;
  confirmation?: string;
  min: number;
  max: number;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const states = passwordRuleStates(password, confirmation, { min, max });
  const rules: { key: string; met: boolean | undefined; text: string }[] = [
    { key: 'length', met: states.length, text: t('dialogs.password.length') },
    { key: 'common', met: undefined, text: t('dialogs.password.common') },
  ];
  if (confirmation !== undefined) rules.push({ key: 'match', met: states.match, text: t('dialogs.password.match') });
  return (
    <>
      <IconButton
        aria-label={t('dialogs.password.showRequirements')}
        aria-haspopup="dialog"
        aria-expanded={!!anchor}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <InfoOutlined fontSize="small" />
      </IconButton>
      <Popover
        id={popoverId}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('dialogs.password.requirements') } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          {t('dialogs.password.requirements')}
        </Typography>
        <List dense sx={{ pr: 2 }}>
          {rules.map((rule) => (
            <ListItem key={rule.key}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <RuleIcon met={rule.met} />
              </ListItemIcon>
              <ListItemText primary={rule.text} />
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}

/** The new password and its confirmation, with the requirements flyout. */
export function NewPasswordFields<T extends FieldValues>({
  form,
  passwordName,
  confirmName,
  passwordLabel,
  confirmLabel,
  min,
  max,
  autoFocus,
}: {
  form: UseFormReturn<T>;
  passwordName: Path<T>;
  confirmName: Path<T>;
  passwordLabel: string;
  confirmLabel: string;
  min: number;
  max: number;
  autoFocus?: boolean;
}) {
  const password = String(useWatch({ control: form.control, name: passwordName }) ?? '');
  const confirmation = String(useWatch({ control: form.control, name: confirmName }) ?? '');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <PasswordTextField
          form={form}
          name={passwordName}
          label={passwordLabel}
          maxLength={max}
          autoComplete="new-password"
          required
          autoFocus={autoFocus}
        />
        <PasswordRequirements password={password} confirmation={confirmation} min={min} max={max} />
      </Stack>
      <PasswordTextField form={form} name={confirmName} label={confirmLabel} maxLength={max} autoComplete="new-password" required />
    </Stack>
  );
}

/** A form-level message (server error or §5 message), announced to screen readers. */
export function FormAlert({
  severity = 'error',
  title,
  children,
}: {
  severity?: 'error' | 'info' | 'warning' | 'success';
  title?: string;
  children: ReactNode;
}) {
  return (
    <Alert severity={severity} role="alert">
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {children}
    </Alert>
  );
}

/** The form's submit button: disabled with a spinner while the call runs. */
export function SubmitButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={submitting}
      startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
