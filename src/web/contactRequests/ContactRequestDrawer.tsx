import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ReplyIcon from '@mui/icons-material/Reply';
import { useLocaleState, useNotify, useRefresh, useTranslate, useUpdate, useCanAccess } from 'react-admin';
import { CONTACT_NOTE_MAX, type ContactRequest, type ContactRequestStatus } from '../../../schemas/documents.js';
import { nextContactStatuses } from '../../common/contactRequestRules.js';
import { failureMessage } from '../providers/errorMessages.js';
import { Fact, FactList, RecordDrawer } from '../resources/RecordDrawer.js';
import { CONTACT_REQUESTS, CONTACT_REQUESTS_PATH, ContactStatusChip, Sender } from './contactRequestParts.js';

function formatTime(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Support's handling: the status (the current one and where it may go) and the internal note, saved together; starts from the saved values. */
function Handling({ request }: { request: ContactRequest }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { canAccess } = useCanAccess({ resource: CONTACT_REQUESTS, action: 'edit' });
  const [status, setStatus] = useState<ContactRequestStatus>(request.status);
  const [note, setNote] = useState(request.internalNote ?? '');
  const [update, { isPending }] = useUpdate<ContactRequest>();
  const refresh = useRefresh();
  const labelId = useId();
  const choices: ContactRequestStatus[] = [request.status, ...nextContactStatuses(request.status)];
  const changed = status !== request.status || note.trim() !== (request.internalNote ?? '');
  const save = () =>
    void update(
      CONTACT_REQUESTS,
      { id: request.id, data: { status, internalNote: note.trim() || null }, previousData: request },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('contactRequests.detail.saved', { type: 'success' });
          // The list behind refetches: a filtered list (status New) no longer shows a message moved on.
          refresh();
        },
        onError: (error) => notify(failureMessage(error, 'contactRequests.detail.saveError'), { type: 'error' }),
      },
    );
  return (
    <Box component="section" aria-labelledby={`${labelId}-heading`}>
      <Typography id={`${labelId}-heading`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('contactRequests.detail.handling')}
      </Typography>
      <FormLabel id={labelId} sx={{ typography: 'body2' }}>
        {translate('contactRequests.detail.status')}
      </FormLabel>
      <RadioGroup row aria-labelledby={labelId} value={status} onChange={(e) => setStatus(e.target.value as ContactRequestStatus)}>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio size="small" />}
            label={translate(`contactRequests.statuses.${choice}`)}
            disabled={!canAccess}
          />
        ))}
      </RadioGroup>
      <TextField
        label={translate('contactRequests.detail.note')}
        helperText={translate('contactRequests.detail.noteHelp')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        disabled={!canAccess}
        slotProps={{ htmlInput: { maxLength: CONTACT_NOTE_MAX } }}
        sx={{ mt: 1 }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1.5, flexWrap: 'wrap' }}>
        {canAccess && (
          <Button variant="contained" onClick={save} disabled={!changed || isPending}>
            {translate('contactRequests.detail.save')}
          </Button>
        )}
        {request.updatedAt && (
          <Typography variant="caption" color="text.secondary">
            {translate('contactRequests.detail.lastChange', {
              user: request.updatedBy ?? '—',
              time: formatTime(request.updatedAt, locale),
            })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function RequestBody({ request }: { request: ContactRequest }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const subject = `[${request.reference ?? request.id}] ${translate(`contactUs.topics.${request.topic}`)}`;
  return (
    <>
      <FactList>
        <Fact label={translate('contactRequests.detail.from')}>
          <Sender request={request} />
          {request.senderEmail && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {request.senderEmail}
            </Typography>
          )}
        </Fact>
        <Fact label={translate('contactRequests.detail.received')}>{formatTime(request.createdAt, locale)}</Fact>
        <Fact label={translate('contactRequests.detail.topic')}>{translate(`contactUs.topics.${request.topic}`)}</Fact>
      </FactList>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
        {translate('contactRequests.detail.message')}
      </Typography>
      <Box
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', typography: 'body1', p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
        data-testid="contact-request-message"
      >
        {request.message}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        {request.attachmentName && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<AttachFileIcon />}
            href={`/api/contactRequests/${request.id}/attachment`}
            download
          >
            {translate('contactRequests.detail.download', { name: request.attachmentName })}
          </Button>
        )}
        {request.senderEmail && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<ReplyIcon />}
            href={`mailto:${request.senderEmail}?subject=${encodeURIComponent(subject)}`}
          >
            {translate('contactRequests.detail.reply')}
          </Button>
        )}
      </Box>
      <Divider sx={{ my: 2 }} />
      {/* Started again from the saved values whenever they change. */}
      <Handling key={`${request.status}|${request.internalNote ?? ''}|${request.updatedAt ?? ''}`} request={request} />
    </>
  );
}

/** The message the address names (/contact-requests/:id), in a drawer on the right (full width on phones). */
export function ContactRequestDrawer() {
  const translate = useTranslate();
  return (
    <RecordDrawer<ContactRequest>
      resource={CONTACT_REQUESTS}
      basePath={CONTACT_REQUESTS_PATH}
      width={600}
      testId="contact-request"
      title={(_id, request) =>
        request
          ? // Non-breaking hyphens: the reference stays on one line.
            translate('contactRequests.detail.title', { reference: (request.reference ?? `#${request.id}`).replaceAll('-', '\u2011') })
          : translate('contactRequests.detail.loadingTitle')
      }
      headerExtra={(request) => <ContactStatusChip status={request.status} />}
      texts={{
        close: translate('contactRequests.detail.close'),
        loading: translate('contactRequests.loading'),
        loadError: translate('contactRequests.detail.loadError'),
      }}
    >
      {(request) => <RequestBody request={request} />}
    </RecordDrawer>
  );
}
