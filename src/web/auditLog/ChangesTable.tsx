import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { auditValueText, type AuditChange } from '../../common/auditChanges.js';
import { visuallyHidden } from '../resources/visuallyHidden.js';

/** One side of a change: its value, 'not set' in grey when the field did not exist, or '(empty)'. */
function Value({ value, side }: { value: unknown; side: 'before' | 'after' }) {
  const translate = useTranslate();
  if (value === undefined) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {translate('auditLog.detail.notSet')}
      </Typography>
    );
  }
  const text = auditValueText(value);
  return (
    <Box
      component="span"
      sx={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: typeof value === 'object' && value !== null ? 'monospace' : undefined,
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {translate(side === 'before' ? 'auditLog.detail.before' : 'auditLog.detail.after')}:{' '}
      </Box>
      {text || (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {translate('auditLog.detail.emptyValue')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * An entry's before and after as a table: one row per field that changed; the old value on a red
 * tint, the new one on a green tint (and the column headers say which is which, for those who do
 * not see the tints).
 */
export function ChangesTable({ changes }: { changes: readonly AuditChange[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={translate('auditLog.detail.changes')} sx={{ '& td, & th': { verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600, width: '28%' }}>
              {translate('auditLog.detail.field')}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
              {translate('auditLog.detail.before')}
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
              {translate('auditLog.detail.after')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow key={change.field || '(value)'} data-kind={change.kind}>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
                {change.field || translate('auditLog.detail.value')}
              </TableCell>
              <TableCell sx={(theme) => ({ bgcolor: change.before === undefined ? undefined : alpha(theme.palette.error.main, 0.08) })}>
                <Value value={change.before} side="before" />
              </TableCell>
              <TableCell sx={(theme) => ({ bgcolor: change.after === undefined ? undefined : alpha(theme.palette.success.main, 0.1) })}>
                <Value value={change.after} side="after" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
