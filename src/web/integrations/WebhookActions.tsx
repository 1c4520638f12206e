import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import { Confirm, useDataProvider, useDelete, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { WebhookSubscription } from '../../../schemas/integrations.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { failureMessage } from '../providers/errorMessages.js';
import { subscriptionInput } from './integrationsRules.js';

const NS = 'integrations.webhooks';

type Asking = 'rotate' | 'delete' | undefined;

/** What a row's actions ask of the page: edit in the dialog, open the log, show a rotated secret once. */
export interface WebhookRowHandlers {
  onEdit: (subscription: WebhookSubscription) => void;
  onLog: (subscription: WebhookSubscription) => void;
  onRotated: (subscription: WebhookSubscription) => void;
}

/**
 * A subscription's actions: its delivery log, and in a menu edit, send a test event, pause or
 * resume, rotate the secret (asked first) and delete (asked first).
 */
export function WebhookActions({ subscription, onEdit, onLog, onRotated }: { subscription: WebhookSubscription } & WebhookRowHandlers) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [deleteOne, { isPending: deleting }] = useDelete();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asking, setAsking] = useState<Asking>();
  const [busy, setBusy] = useState(false);
  const name = subscription.url;
  const paused = subscription.status !== 'active';

  const run = async (action: () => Promise<unknown>, done: string, failed: string, args?: Record<string, unknown>) => {
    setAnchor(null);
    setBusy(true);
    try {
      await action();
      notify(done, { type: 'success', messageArgs: args });
      refresh();
    } catch (error) {
      notify(failureMessage(error, failed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const sendTest = () => run(() => dataProvider.sendWebhookTest(subscription.id), `${NS}.test.sent`, `${NS}.test.failed`);
  const toggle = () =>
    run(
      () =>
        dataProvider.updateWebhookSubscription(subscription.id, subscriptionInput(subscription, { status: paused ? 'active' : 'paused' })),
      paused ? `${NS}.resume.done` : `${NS}.pause.done`,
      `${NS}.edit.failed`,
    );
  const rotate = async () => {
    setBusy(true);
    try {
      const rotated = await dataProvider.rotateWebhookSecret(subscription.id);
      setAsking(undefined);
      refresh();
      onRotated(rotated);
    } catch (error) {
      setAsking(undefined);
      notify(failureMessage(error, `${NS}.rotate.failed`), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const remove = () =>
    void deleteOne(
      'webhookSubscriptions',
      { id: subscription.id, previousData: subscription },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setAsking(undefined);
          notify(`${NS}.delete.done`, { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setAsking(undefined);
          notify(failureMessage(error, `${NS}.delete.failed`), { type: 'error' });
        },
      },
    );

  const item = (icon: ReactNode, label: string, onClick: () => void) => (
    <MenuItem onClick={onClick} disabled={busy}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button size="small" onClick={() => onLog(subscription)} aria-label={translate(`${NS}.log.openNamed`, { name })}>
        {translate(`${NS}.log.open`)}
      </Button>
      <Button
        size="small"
        variant="outlined"
        endIcon={<MoreVertIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={translate(`${NS}.actions.named`, { name })}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
      >
        {translate(`${NS}.actions.open`)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {item(<EditIcon fontSize="small" />, `${NS}.actions.edit`, () => {
          setAnchor(null);
          onEdit(subscription);
        })}
        {item(<SendIcon fontSize="small" />, `${NS}.actions.test`, () => void sendTest())}
        {item(
          paused ? <PlayArrowIcon fontSize="small" /> : <PauseIcon fontSize="small" />,
          paused ? `${NS}.actions.resume` : `${NS}.actions.pause`,
          () => void toggle(),
        )}
        {item(<AutorenewIcon fontSize="small" />, `${NS}.actions.rotate`, () => {
          setAnchor(null);
          setAsking('rotate');
        })}
        {item(<DeleteIcon fontSize="small" color="error" />, `${NS}.actions.delete`, () => {
          setAnchor(null);
          setAsking('delete');
        })}
      </Menu>
      <Confirm
        isOpen={asking === 'rotate'}
        loading={busy}
        title={`${NS}.rotate.title`}
        content={`${NS}.rotate.confirm`}
        confirm={`${NS}.actions.rotate`}
        onConfirm={() => void rotate()}
        onClose={() => setAsking(undefined)}
      />
      <Confirm
        isOpen={asking === 'delete'}
        loading={deleting}
        title={`${NS}.delete.title`}
        content={`${NS}.delete.confirm`}
        contentTranslateOptions={{ url: name }}
        confirm={`${NS}.actions.delete`}
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setAsking(undefined)}
      />
    </Stack>
  );
}
