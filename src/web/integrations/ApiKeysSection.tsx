import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/Key';
import { Confirm, useDelete, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ApiKey } from '../../../schemas/integrations.js';
import { failureMessage } from '../providers/errorMessages.js';
import type { Column } from '../resources/ResourceList.js';
import { ApiKeyCreateDialog } from './ApiKeyDialog.js';
import { CreatableList, NameChips, SecretOnceDialog, StatusChip, When } from './IntegrationParts.js';
import { isInactive, keyPart } from './integrationsRules.js';

const NS = 'integrations.keys';

/** Revoke, asked first: the key stops working at once and stays listed as revoked. */
function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [revoke, { isPending }] = useDelete();
  if (apiKey.status !== 'active') return null;
  const confirm = () =>
    void revoke(
      'apiKeys',
      { id: apiKey.id, previousData: apiKey },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(`${NS}.revoke.done`, { type: 'success', messageArgs: { name: apiKey.name } });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify(failureMessage(error, `${NS}.revoke.failed`), { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} aria-label={translate(`${NS}.revoke.named`, { name: apiKey.name })}>
        {translate(`${NS}.revoke.button`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`${NS}.revoke.title`}
        titleTranslateOptions={{ name: apiKey.name }}
        content={`${NS}.revoke.confirm`}
        contentTranslateOptions={{ name: apiKey.name }}
        confirm={`${NS}.revoke.button`}
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  const translate = useTranslate();
  return <NameChips names={apiKey.scopes} label={(scope) => translate(`${NS}.scopes.${keyPart(scope)}.label`)} none="" />;
}

function Prefix({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {apiKey.prefix}…
    </Box>
  );
}

function LastUsed({ apiKey }: { apiKey: ApiKey }) {
  const translate = useTranslate();
  return (
    <>
      <When iso={apiKey.lastUsedAt} none={translate(`${NS}.never`)} />
      {apiKey.lastUsedAddress && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {translate(`${NS}.from`, { address: apiKey.lastUsedAddress })}
        </Typography>
      )}
    </>
  );
}

function CreatedBy({ apiKey }: { apiKey: ApiKey }) {
  const translate = useTranslate();
  return (
    <>
      <Box>{apiKey.createdBy ?? translate(`${NS}.unknownUser`)}</Box>
      <Typography variant="caption" color="text.secondary">
        <When iso={apiKey.createdAt} none="" />
      </Typography>
    </>
  );
}

/** The name with the key's prefix under it (the part of the key kept to tell keys apart). */
function NameCell({ apiKey }: { apiKey: ApiKey }) {
  return (
    <>
      <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 120 }}>{apiKey.name}</Box>
      <Prefix apiKey={apiKey} />
    </>
  );
}

/** The status, and Revoke while the key is active. */
function StatusCell({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <StatusChip status={apiKey.status} ns={`${NS}.status`} />
      <RevokeButton apiKey={apiKey} />
    </Stack>
  );
}

const columns: Column<ApiKey>[] = [
  { name: 'name', source: 'name', render: (k) => <NameCell apiKey={k} /> },
  { name: 'scopes', render: (k) => <Scopes apiKey={k} /> },
  { name: 'createdBy', source: 'createdAt', render: (k) => <CreatedBy apiKey={k} /> },
  { name: 'lastUsed', source: 'lastUsedAt', render: (k) => <LastUsed apiKey={k} /> },
  { name: 'expiresAt', source: 'expiresAt', render: (k) => <When iso={k.expiresAt} none="" /> },
  { name: 'status', render: (k) => <StatusCell apiKey={k} /> },
];

/** A key on a phone. */
function KeyCard({ apiKey }: { apiKey: ApiKey }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{apiKey.name}</Typography>
          <Prefix apiKey={apiKey} />
        </Box>
        <StatusChip status={apiKey.status} ns={`${NS}.status`} />
      </Stack>
      <Scopes apiKey={apiKey} />
      <Typography variant="body2" color="text.secondary">
        {translate(`${NS}.columns.lastUsed`)}: <LastUsed apiKey={apiKey} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${NS}.columns.expiresAt`)}: <When iso={apiKey.expiresAt} none="" />
      </Typography>
      <Box>
        <RevokeButton apiKey={apiKey} />
      </Box>
    </Stack>
  );
}

/** A key no longer usable, greyed but kept legible (axe's contrast still holds). */
const inactiveSx = (key: ApiKey) =>
  isInactive(key.status) ? { bgcolor: 'action.hover', '& td, & td *:not(.MuiChip-root *)': { color: 'text.secondary' } } : {};

/**
 * The account group's API keys: who made each, what it may do, when and where it was last used,
 * when it expires; New API key opens the create dialog, whose answer (the whole key) is shown once.
 */
export function ApiKeysSection() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKey>();
  const refresh = useRefresh();
  const open = () => setCreating(true);
  return (
    <CreatableList<ApiKey>
      ns={NS}
      icon={<KeyIcon />}
      emptyTestId="api-keys-empty"
      onCreate={open}
      resource="apiKeys"
      columns={columns}
      rowSx={inactiveSx}
      card={(key) => <KeyCard apiKey={key} />}
      cardSx={inactiveSx}
      skeletonColumns={6}
      skeletonRows={3}
    >
      {creating && (
        <ApiKeyCreateDialog
          onCreated={(key) => {
            setCreated(key);
            refresh();
          }}
          onClose={() => setCreating(false)}
        />
      )}
      {created?.key && (
        <SecretOnceDialog
          title={`${NS}.once.title`}
          warning={`${NS}.once.warning`}
          secret={created.key}
          onClose={() => setCreated(undefined)}
        />
      )}
    </CreatableList>
  );
}
