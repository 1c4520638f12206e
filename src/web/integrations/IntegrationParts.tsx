import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { CheckboxGroupInput, TopToolbar, useLocaleState, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { ListEmpty } from '../resources/ListStates.js';
import { ResourceList, type ResourceListProps } from '../resources/ResourceList.js';
import { keyPart } from './integrationsRules.js';

/** Filled in the portal's dark status colours under white text (axe: 4.5:1 and more, in both themes). */
const STATUS_FILL: Record<string, string> = {
  active: '#2e7d32',
  delivered: '#2e7d32',
  paused: '#1565c0',
  pending: '#1565c0',
  expired: '#8a4b00',
  revoked: '#4a5663',
  disabled: '#b71c1c',
  failed: '#b71c1c',
};

/** A key's, a subscription's or a delivery's status as a chip; `ns` holds its texts (`<ns>.<status>`). */
export function StatusChip({ status, ns }: { status: string; ns: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`${ns}.${status}`)}
      sx={{ bgcolor: STATUS_FILL[status] ?? '#4a5663', color: '#fff', fontWeight: 600 }}
    />
  );
}

/** Names as small chips (a key's scopes, a subscription's event types), or `none`. */
export function NameChips({ names, label, none }: { names: readonly string[]; label: (name: string) => string; none: string }) {
  if (!names.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {none}
      </Typography>
    );
  }
  return (
    <Stack direction="row" component="span" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {names.map((name) => (
        <Chip key={name} size="small" variant="outlined" component="span" label={label(name)} sx={{ maxWidth: '100%' }} />
      ))}
    </Stack>
  );
}

/** A moment in one short line in the user's language, or `none`. */
export function When({ iso, none }: { iso: string | null | undefined; none: string }) {
  const [locale] = useLocaleState();
  if (!iso) return <>{none}</>;
  return (
    <Box component="time" dateTime={iso} sx={{ whiteSpace: 'nowrap' }}>
      {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))}
    </Box>
  );
}

/**
 * A secret shown this once (a new API key, a webhook's signing secret): the value to select or
 * copy, a warning that it cannot be shown again, and Done. `note` adds a sentence (after a
 * rotation: the old secret keeps signing for a day).
 */
export function SecretOnceDialog({
  title,
  secret,
  warning,
  note,
  onClose,
}: {
  title: string;
  secret: string;
  warning: string;
  note?: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const valueId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const copy = () =>
    void navigator.clipboard.writeText(secret).then(
      () => notify('integrations.secret.copied', { type: 'success' }),
      () => notify('integrations.secret.copyFailed', { type: 'warning' }),
    );
  return (
    // Only Done closes it: a click beside it must not lose a secret that is never shown again.
    <Dialog open aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm" disableEscapeKeyDown>
      <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(warning)}
        </Alert>
        {note && <Typography sx={{ mb: 2 }}>{translate(note)}</Typography>}
        <Typography component="label" htmlFor={valueId} variant="body2" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
          {translate('integrations.secret.label')}
        </Typography>
        <Box
          component="output"
          id={valueId}
          data-testid="secret-value"
          tabIndex={0}
          sx={{
            display: 'block',
            p: 1.5,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: '0.95rem',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {secret}
        </Box>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ mt: 1.5 }}>
          {translate('integrations.secret.copy')}
        </Button>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {translate('integrations.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A list's create button (New API key, New webhook): in its toolbar and in its empty state. */
function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      {translate(label)}
    </Button>
  );
}

/**
 * A required choice of names (a key's scopes, a subscription's event types) as checkboxes, each
 * with its label and a sentence saying what it means: `<texts>.<name>.label` and `.text`.
 */
export function DescribedChecks({
  source,
  names,
  texts,
  label,
  helperText,
}: {
  source: string;
  names: readonly string[];
  texts: string;
  label: string;
  helperText: string;
}) {
  const translate = useTranslate();
  return (
    <CheckboxGroupInput
      source={source}
      label={label}
      helperText={helperText}
      isRequired
      row={false}
      choices={names.map((name) => ({ id: name, name }))}
      optionText={(choice: { id: string }) => (
        <Box component="span" sx={{ display: 'block', py: 0.25 }}>
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {translate(`${texts}.${keyPart(choice.id)}.label`)}
          </Box>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {translate(`${texts}.${keyPart(choice.id)}.text`)}
          </Typography>
        </Box>
      )}
    />
  );
}

/**
 * The page's lists (keys, subscriptions): the shared ResourceList, newest first, its create button
 * (`<ns>.create.open`) above it and in its designed empty state. The page holds two lists, so
 * neither keeps its state in the address.
 */
export function CreatableList<R extends RaRecord>({
  icon,
  emptyTestId,
  onCreate,
  ...props
}: Omit<ResourceListProps<R>, 'empty' | 'actions' | 'sort' | 'disableSyncWithLocation'> & {
  icon: ReactNode;
  emptyTestId: string;
  onCreate: () => void;
}) {
  const create = <CreateButton label={`${props.ns}.create.open`} onClick={onCreate} />;
  return (
    <ResourceList<R>
      {...props}
      sort={{ field: 'id', order: 'DESC' }}
      disableSyncWithLocation
      actions={<TopToolbar>{create}</TopToolbar>}
      empty={<ListEmpty ns={props.ns} icon={icon} action={create} testId={emptyTestId} />}
    />
  );
}
