import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.js';
import { dismiss, subscribeNotifications, type Notification } from './notify.js';
import './Notifications.css';

function Item({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notification.id), notification.durationMs);
    return () => clearTimeout(timer);
  }, [notification]);
  const close = t('login.notifications.close');
  return (
    <div
      className={`login-notification login-notification--${notification.type}`}
      role={notification.type === 'error' || notification.type === 'warning' ? 'alert' : 'status'}
    >
      <div className="login-alert__icon">
        <Icon name={notification.type} />
      </div>
      <div className="login-alert__message">
        {notification.title && <div className="login-notification__title">{notification.title}</div>}
        {notification.message}
      </div>
      <div className="login-notification__close">
        <button type="button" className="login-icon-button" aria-label={close} title={close} onClick={() => dismiss(notification.id)}>
          <Icon name="close" />
        </button>
      </div>
    </div>
  );
}

/**
 * The notification stack at the bottom right (SPEC §2), hosting notify() calls: filled
 * alerts like MUI's (Notifications.css), drawn without MUI so the first load stays small.
 */
export function Notifications() {
  const [stack, setStack] = useState<readonly Notification[]>([]);
  useEffect(() => subscribeNotifications(setStack), []);
  return (
    <div className="login-notifications" aria-live="polite">
      {stack.map((n) => (
        <Item key={n.id} notification={n} />
      ))}
    </div>
  );
}
