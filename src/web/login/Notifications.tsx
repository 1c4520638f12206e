import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { dismiss, subscribeNotifications, type Notification } from './notify.js';

function Item({ notification }: { notification: Notification }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notification.id), notification.durationMs);
    return () => clearTimeout(timer);
  }, [notification]);
  return (
    <Alert
      severity={notification.type}
      variant="filled"
      onClose={() => dismiss(notification.id)}
      role={notification.type === 'error' || notification.type === 'warning' ? 'alert' : 'status'}
      sx={{ boxShadow: 3, minWidth: 280, maxWidth: 420 }}
    >
      {notification.title && <AlertTitle>{notification.title}</AlertTitle>}
      {notification.message}
    </Alert>
  );
}

/** The notification stack at the bottom right (SPEC §2), hosting notify() calls. */
export function Notifications() {
  const [stack, setStack] = useState<readonly Notification[]>([]);
  useEffect(() => subscribeNotifications(setStack), []);
  return (
    <Box
      aria-live="polite"
      sx={{ position: 'fixed', right: 16, bottom: 16, display: 'flex', flexDirection: 'column', gap: 1, zIndex: 1500 }}
    >
      {stack.map((n) => (
        <Item key={n.id} notification={n} />
      ))}
    </Box>
  );
}
