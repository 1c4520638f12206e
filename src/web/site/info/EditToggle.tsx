import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/Check';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslate } from 'react-admin';

/** A section's Edit / Done switch (shown only to who may edit, from the access table). */
export function EditToggle({ editing, section, onChange }: { editing: boolean; section: string; onChange: (editing: boolean) => void }) {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      variant={editing ? 'contained' : 'outlined'}
      startIcon={editing ? <CheckIcon /> : <EditOutlinedIcon />}
      aria-label={editing ? undefined : translate('accountEdits.editSection', { section })}
      onClick={() => onChange(!editing)}
    >
      {translate(editing ? 'accountEdits.done' : 'accountEdits.edit')}
    </Button>
  );
}
