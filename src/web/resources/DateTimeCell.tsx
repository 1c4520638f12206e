import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocaleState } from 'react-admin';

/**
 * A moment in a list cell: the date in the user's language, the time under it in a smaller, quieter
 * line, and the machine-readable value in `<time>`. `seconds` for records people tell apart by the
 * second (audit entries).
 */
export function DateTimeCell({ iso, seconds = false }: { iso: string; seconds?: boolean }) {
  const [locale] = useLocaleState();
  const date = new Date(iso);
  return (
    <Box component="time" dateTime={iso} sx={{ whiteSpace: 'nowrap', display: 'block' }}>
      {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date)}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {new Intl.DateTimeFormat(locale, { timeStyle: seconds ? 'medium' : 'short' }).format(date)}
      </Typography>
    </Box>
  );
}
