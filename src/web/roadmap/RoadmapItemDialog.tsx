import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate } from 'react-admin';
import { ROADMAP_STATUSES, type RoadmapItem, type RoadmapItemInput, type RoadmapStatus } from '../../../schemas/documents.js';

/** Create or edit a roadmap item (staff with canEdit). Full screen on phones. */
export function RoadmapItemDialog({
  item,
  onClose,
  onSubmit,
}: {
  item?: RoadmapItem;
  onClose: () => void;
  onSubmit: (input: RoadmapItemInput) => Promise<void>;
}) {
  const translate = useTranslate();
  const id = useId();
  const phone = useMediaQuery('(max-width:639.95px)');
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [status, setStatus] = useState<RoadmapStatus>(item?.status ?? 'planned');
  const [targetDate, setTargetDate] = useState(item?.targetDate ?? '');
  const [shippedOn, setShippedOn] = useState(item?.shippedOn ?? '');
  const [published, setPublished] = useState(item?.published ?? true);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const missing = touched && !title.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!title.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit({
        title: title.trim(),
        description: description.trim(),
        status,
        targetDate: targetDate || null,
        shippedOn: status === 'shipped' ? shippedOn || null : null,
        published,
      });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id={`${id}-title`}>{translate(item ? 'roadmap.dialog.editTitle' : 'roadmap.dialog.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label={translate('roadmap.fields.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              error={missing}
              helperText={missing ? translate('validation.required') : undefined}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <TextField
              label={translate('roadmap.fields.description')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <TextField
              select
              label={translate('roadmap.fields.status')}
              value={status}
              onChange={(e) => setStatus(e.target.value as RoadmapStatus)}
            >
              {ROADMAP_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {translate(`roadmap.statuses.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="date"
                label={translate('roadmap.fields.targetDate')}
                value={targetDate}
                onChange={(e) => setTargetDate(e.target.value)}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {status === 'shipped' && (
                <TextField
                  type="date"
                  label={translate('roadmap.fields.shippedOn')}
                  value={shippedOn}
                  onChange={(e) => setShippedOn(e.target.value)}
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            </Stack>
            <FormControlLabel
              control={<Switch checked={published} onChange={(e) => setPublished(e.target.checked)} />}
              label={translate('roadmap.fields.published')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {translate('roadmap.actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(item ? 'roadmap.actions.save' : 'roadmap.actions.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
