import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { TrustedDevice, UserSession } from '../../../schemas/users.js';
import { clientMessage } from '../providers/errorMessages.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Section } from './Section.js';
import { describeUserAgent, formatWhen } from './userAgent.js';
import { USER_ACCOUNT_KEYS, useAccountProvider, useSessions, useTrustedDevices } from './userAccountQueries.js';

/** 'Chrome on Windows', or the unknown-browser text. */
function useDeviceName() {
  const translate = useTranslate();
  return (userAgent: string | null) => {
    const { browser, os } = describeUserAgent(userAgent);
    if (browser && os) return translate('userAccount.browser', { browser, os });
    return browser ?? os ?? translate('userAccount.unknownBrowser');
  };
}

/**
 * One remembered device or session: its browser ('this one' marked), what is known of it, and the
 * button that forgets or ends it (none for the session in use).
 */
function DeviceItem(props: {
  name: string;
  current: boolean;
  currentLabel: string;
  details: (string | undefined)[];
  end?: EndButtonProps;
}) {
  const { name, current, currentLabel, details, end } = props;
  return (
    <ListItem
      disableGutters
      secondaryAction={
        end && (
          <Button size="small" color="error" onClick={end.onClick} disabled={end.disabled} aria-label={end.ariaLabel}>
            {end.label}
          </Button>
        )
      }
    >
      <ListItemText
        primary={
          <>
            {name}
            {current && <Chip component="span" size="small" color="primary" variant="outlined" label={currentLabel} sx={{ ml: 1 }} />}
          </>
        }
        secondary={details.filter(Boolean).join(' · ')}
        sx={{ pr: end ? 10 : 0 }}
      />
    </ListItem>
  );
}

interface EndButtonProps {
  label: string;
  ariaLabel: string;
  disabled: boolean;
  onClick: () => void;
}

/** The remembered devices ('Remember this device?'), each with Forget. */
export function DevicesSection() {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [locale = 'en'] = useLocaleState();
  const name = useDeviceName();
  const { data: devices = [] } = useTrustedDevices();
  const [busy, setBusy] = useState<string>();
  const t = (key: string, args?: Record<string, unknown>) => translate(`userAccount.devices.${key}`, args);

  const forget = async (device: TrustedDevice) => {
    setBusy(device.id);
    try {
      await dataProvider.forgetTrustedDevice(device.id);
      notify('userAccount.devices.revoked', { type: 'success' });
    } catch (error) {
      notify(clientMessage(error, 'userAccount.saveFailed.devices').message, { type: 'error' });
    } finally {
      setBusy(undefined);
      await queryClient.invalidateQueries({ queryKey: USER_ACCOUNT_KEYS.devices });
    }
  };

  return (
    <Section title={t('title')} intro={t('intro')}>
      {devices.length === 0 ? (
        <Alert severity="info">{t('none')}</Alert>
      ) : (
        <List dense disablePadding>
          {devices.map((device) => (
            <DeviceItem
              key={device.id}
              name={name(device.label)}
              current={device.current}
              currentLabel={t('thisDevice')}
              details={[
                t('remembered', { date: formatWhen(device.createdAt, locale) }),
                device.lastUsedAt ? t('lastUsed', { date: formatWhen(device.lastUsedAt, locale) }) : undefined,
              ]}
              end={{
                label: t('revoke'),
                ariaLabel: t('revokeLabel', { device: name(device.label) }),
                disabled: busy === device.id,
                onClick: () => void forget(device),
              }}
            />
          ))}
        </List>
      )}
    </Section>
  );
}

/** The open sessions, this one first; Sign out for another one, and Sign out everywhere else. */
export function SessionsSection() {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [locale = 'en'] = useLocaleState();
  const name = useDeviceName();
  const { data: sessions = [] } = useSessions();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`userAccount.sessions.${key}`, args);
  const others = sessions.filter((s) => !s.current);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify(clientMessage(error, 'userAccount.saveFailed.devices').message, { type: 'error' });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: USER_ACCOUNT_KEYS.sessions });
    }
  };

  const end = (session: UserSession) =>
    act(async () => {
      await dataProvider.endUserSession(session.id);
      notify('userAccount.sessions.ended', { type: 'success' });
    });

  const signOutOthers = () =>
    act(async () => {
      const { revoked } = await dataProvider.signOutOtherSessions();
      setConfirm(false);
      notify('userAccount.sessions.signedOutOthers', { type: 'success', messageArgs: { smart_count: revoked } });
    });

  return (
    <Section
      title={t('title')}
      intro={t('intro')}
      action={
        <Button size="small" variant="outlined" color="error" disabled={busy || others.length === 0} onClick={() => setConfirm(true)}>
          {t('signOutOthers')}
        </Button>
      }
    >
      <List dense disablePadding>
        {sessions.map((session) => (
          <DeviceItem
            key={session.id}
            name={name(session.userAgent)}
            current={session.current}
            currentLabel={t('thisSession')}
            details={[
              t('signedIn', { date: formatWhen(session.createdAt, locale) }),
              t('lastActive', { date: formatWhen(session.lastSeenAt, locale) }),
              session.ip ? t('from', { ip: session.ip }) : undefined,
            ]}
            end={
              session.current
                ? undefined
                : {
                    label: t('end'),
                    ariaLabel: t('endLabel', { session: name(session.userAgent) }),
                    disabled: busy,
                    onClick: () => void end(session),
                  }
            }
          />
        ))}
      </List>
      {others.length === 0 && (
        <Stack sx={{ mt: 1 }}>
          <Alert severity="success">{t('noOthers')}</Alert>
        </Stack>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('confirmTitle')}
        text={t('confirmText')}
        confirmLabel={t('signOutOthers')}
        busy={busy}
        onCancel={() => setConfirm(false)}
        onConfirm={() => void signOutOthers()}
      />
    </Section>
  );
}
