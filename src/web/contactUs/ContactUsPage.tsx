import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { useSearchParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPICS,
  LIBRARY_DOCUMENT_MAX_BYTES,
  type ContactRequestReceipt,
  type ContactTopic,
} from '../../../schemas/documents.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { ACCEPT, checkChosenFile } from '../../common/documentFiles.js';
import { initialTopic, reportedRequestId } from './contactRules.js';

const MAX_LABEL = `${LIBRARY_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`;

/**
 * /home/contact-us (the help menu's Contact Us, Submit A Bug and Provide Feedback):
 * a topic, a message and an optional attachment, mailed to support; the answer is the
 * reference number the user quotes later.
 */
export function ContactUsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const [topic, setTopic] = useState<ContactTopic>(() => initialTopic(params.get('topic')));
  // Report Bug on the error page sends the failed call's request id: the message starts with it.
  const [message, setMessage] = useState(() => {
    const requestId = reportedRequestId(params.get('requestId'));
    return requestId ? `${translate('contactUs.requestId', { requestId })}\n\n` : '';
  });
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [error, setError] = useState<string>();
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<ContactRequestReceipt>();
  const input = useRef<HTMLInputElement>(null);
  const missing = touched && !message.trim();

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const check = checkChosenFile(chosen, LIBRARY_DOCUMENT_MAX_BYTES);
    if (check !== 'ok') {
      setFileError(translate(check === 'type' ? 'documents.errors.notAllowed' : 'documents.errors.tooLarge', { max: MAX_LABEL }));
      return;
    }
    setFileError(undefined);
    setFile(chosen);
  };
  const removeFile = () => {
    setFile(undefined);
    if (input.current) input.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!message.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      setReceipt(await dataProvider.sendContactRequest(topic, message.trim(), file));
      setMessage('');
      removeFile();
      setTouched(false);
    } catch (e) {
      setError(translate('contactUs.errors.sendFailed', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  if (receipt) {
    return (
      <Box sx={{ maxWidth: 720 }}>
        <Alert severity="success" data-testid="contact-receipt" sx={{ mb: 2 }}>
          <AlertTitle>{translate('contactUs.sent.title')}</AlertTitle>
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            {translate('contactUs.sent.reference', { reference: receipt.reference })}
          </Typography>
          <Typography variant="body2">{translate('contactUs.sent.text')}</Typography>
        </Alert>
        <Button variant="outlined" onClick={() => setReceipt(undefined)}>
          {translate('contactUs.actions.another')}
        </Button>
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        {translate('contactUs.intro')}
      </Typography>
      <Paper variant="outlined" component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            select
            label={translate('contactUs.fields.topic')}
            value={topic}
            onChange={(e) => setTopic(e.target.value as ContactTopic)}
          >
            {CONTACT_TOPICS.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`contactUs.topics.${t}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate('contactUs.fields.message')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            onBlur={() => setTouched(true)}
            required
            multiline
            minRows={6}
            error={missing}
            helperText={
              missing
                ? translate('contactUs.errors.required')
                : translate('contactUs.fields.messageHint', { count: message.length, max: CONTACT_MESSAGE_MAX })
            }
            slotProps={{ htmlInput: { maxLength: CONTACT_MESSAGE_MAX } }}
          />
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('contactUs.fields.attachment')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              {file ? (
                <Chip icon={<AttachFileIcon />} label={file.name} onDelete={removeFile} sx={{ maxWidth: '100%' }} />
              ) : (
                <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
                  {translate('contactUs.actions.choose')}
                  <input
                    ref={input}
                    hidden
                    type="file"
                    accept={ACCEPT}
                    data-testid="contact-file"
                    onChange={(e) => choose(e.target.files?.[0])}
                  />
                </Button>
              )}
            </Stack>
            <Typography
              variant="caption"
              component="p"
              color={fileError ? 'error' : 'text.secondary'}
              sx={{ mt: 0.5 }}
              role={fileError ? 'alert' : undefined}
            >
              {fileError ?? translate('contactUs.fields.attachmentHint', { max: MAX_LABEL })}
            </Typography>
          </Box>
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {translate(busy ? 'contactUs.actions.sending' : 'contactUs.actions.send')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
