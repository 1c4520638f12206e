import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { CHANGE_REQUEST_LIMITS, type ChangeRequestResolution, type DealerChangeRequest } from '../../../schemas/msa.js';
import { resolutionRefusal } from '../../common/changeRequestRules.js';
import { clientMessage } from '../providers/errorMessages.js';
import { CHANGE_REQUESTS, requestLine } from './changeRequestParts.js';

/**
 * Mark a pending request done, or decline it with a reason: a dialog with a note for the
 * customer (full screen on a phone). The server writes it to the account's history and audits it.
 */
export function ResolveDialog({
  request,
  resolution,
  onClose,
}: {
  request: DealerChangeRequest;
  resolution: ChangeRequestResolution;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [update, { isPending }] = useUpdate<DealerChangeRequest>();
  const declining = resolution === 'declined';

  const submit = () => {
    const refusal = resolutionRefusal(request.status, { status: resolution, note });
    if (refusal?.field) return setNoteError(refusal.message);
    void update(
      CHANGE_REQUESTS,
      { id: request.id, data: { status: resolution, note: note.trim() || null }, previousData: request },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`changeRequests.saved.${resolution}`, { type: 'success' });
          refresh();
          onClose();
        },
        onError: (error) => {
          const { message, fieldErrors } = clientMessage(error, 'changeRequests.saveError');
          if (fieldErrors?.note) setNoteError(fieldErrors.note);
          else setFailure(message);
        },
      },
    );
  };

  return (
    <Dialog open onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>
          {translate(declining ? 'changeRequests.dialog.declineTitle' : 'changeRequests.dialog.doneTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{translate(failure)}</Alert>}
            <Typography variant="body2">
              {request.siteName} ({request.siteNum}) · {requestLine(request, translate)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(declining ? 'changeRequests.dialog.declineText' : 'changeRequests.dialog.doneText')}
            </Typography>
            <TextField
              label={translate(declining ? 'changeRequests.dialog.reason' : 'changeRequests.dialog.noteOptional')}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setNoteError(undefined);
              }}
              required={declining}
              multiline
              minRows={3}
              fullWidth
              autoFocus
              error={Boolean(noteError)}
              helperText={noteError ? translate(noteError) : translate('changeRequests.dialog.noteHelp')}
              slotProps={{ htmlInput: { maxLength: CHANGE_REQUEST_LIMITS.noteMax } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {translate('changeRequests.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={declining ? 'error' : 'primary'} disabled={isPending}>
            {translate(declining ? 'changeRequests.dialog.confirmDecline' : 'changeRequests.dialog.confirmDone')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
