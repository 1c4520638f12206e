import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { actionSentence, type AuditPerson } from './auditLogRules.js';

/** Pieces the audit log's list and its entry drawer both show. */

/** A person as the log names them: username and name, or a deleted user's number, or the system. */
export function PersonText({ person, strong = false }: { person: AuditPerson | null; strong?: boolean }) {
  const translate = useTranslate();
  if (!person) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('auditLog.system')}
      </Typography>
    );
  }
  if (!person.username) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('auditLog.deletedUser', { id: person.id ?? '?' })}
      </Typography>
    );
  }
  return (
    <Box component="span">
      <Box component="span" sx={{ fontWeight: strong ? 600 : 400, overflowWrap: 'anywhere' }}>
        {person.username}
      </Box>
      {person.name && person.name !== person.username && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {person.name}
        </Typography>
      )}
    </Box>
  );
}

/**
 * An entry's action: its sentence in the user's language with the code below it (staff filter and
 * search by code), or the code alone when it has no sentence (an older entry's).
 */
export function ActionCode({ action }: { action: string }) {
  const translate = useTranslate();
  const sentence = actionSentence(translate, action);
  if (!sentence) {
    return (
      <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere', fontWeight: 600 }}>
        {action}
      </Box>
    );
  }
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {sentence}
      </Box>
      <CodeCaption code={action} />
    </Box>
  );
}

/** An action's code, small under its sentence (the list, the drawer and the filter's suggestions). */
export function CodeCaption({ code }: { code: string }) {
  return (
    <Typography
      component="code"
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
    >
      {code}
    </Typography>
  );
}
