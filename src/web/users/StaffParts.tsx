import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { StaffUser } from '../../../schemas/users.js';

/** Filled in the portal's dark status colours under white text (axe: 4.5:1 and more). */
const STATUS_FILL = { active: '#2e7d32', invited: '#1565c0', disabled: '#4a5663' } as const;

export function StatusChip({ status }: { status: StaffUser['status'] }) {
  const translate = useTranslate();
  return (
    <Chip size="small" sx={{ bgcolor: STATUS_FILL[status], color: '#fff', fontWeight: 600 }} label={translate(`users.status.${status}`)} />
  );
}

/** The user's §6 permissions as small chips, or 'No permissions'. */
export function PermissionChips({ user }: { user: StaffUser }) {
  const translate = useTranslate();
  const names = [...user.roles, ...user.flags];
  if (!names.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('users.permissions.none')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {names.map((name) => (
        <Chip key={name} size="small" label={translate(`users.permissions.${name}`)} />
      ))}
    </Stack>
  );
}

/** A date in the user's language, short. */
export function formatWhen(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}
