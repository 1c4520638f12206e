import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useTranslate } from 'react-admin';
import { PASSCODE_NAME_MAX, passcodesUi } from '../../../../schemas/passcodes.js';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { passcodeProblem } from '../../../common/passcodeRules.js';
import { EditDialog, EditField, OrderedFields, PasscodeField } from './EditDialog.js';
import { mergeErrors } from './editRules.js';
import { useEditor, type AccountEdit, type EditorSave } from './useAccountEdit.js';

type SitePasscode = SiteDetail['passcodes'][number];

/**
 * Adds or changes a passcode: its name, its value (masked as typed unless shown; left empty on a
 * change to keep it) and the duress flag. Duplicates and a second duress passcode are the
 * server's to find (it alone knows the values): its messages appear beside the fields.
 */
export function PasscodeDialog({
  siteNum,
  passcode,
  onClose,
  edit,
}: {
  siteNum: number;
  passcode?: SitePasscode;
  onClose: () => void;
  edit: AccountEdit;
}) {
  const translate = useTranslate();
  // A masked value is typed twice (`confirm`): the change takes effect only when both agree.
  const editor = useEditor(edit, onClose, () => ({
    name: passcode?.name ?? '',
    passcode: '',
    confirm: '',
    isDuress: passcode?.isDuress ?? false,
  }));
  const { set } = editor;
  const { name, passcode: value, confirm, isDuress } = editor.form;
  const clientErrors = {
    name: editor.submitted && !name.trim() ? 'validation.required' : undefined,
    passcode: value ? passcodeProblem(value) : editor.submitted && !passcode ? 'accountEdits.passcodes.required' : undefined,
    confirm: editor.submitted && value && confirm !== value ? 'accountEdits.passcodes.mismatch' : undefined,
  };
  const errors = mergeErrors(clientErrors, editor.serverErrors);
  const t = (key: string) => translate(`accountEdits.passcodes.fields.${key}`);

  function request(): EditorSave | undefined {
    if (!name.trim() || (value ? passcodeProblem(value) : !passcode) || (value && confirm !== value)) return undefined;
    const data = { name: name.trim(), isDuress, ...(value ? { passcode: value } : {}) };
    return {
      resource: 'passcodes',
      id: passcode?.passcodeId,
      siteNum,
      data,
      success: { key: passcode ? 'accountEdits.passcodes.updated' : 'accountEdits.passcodes.added', args: { name: data.name } },
    };
  }

  return (
    <EditDialog
      {...editor.dialog(request)}
      title={translate(passcode ? 'accountEdits.passcodes.editTitle' : 'accountEdits.passcodes.addTitle')}
    >
      <OrderedFields
        ui={passcodesUi}
        inputs={{
          name: (
            <EditField
              label={t('name')}
              required
              value={name}
              onChange={(e) => set('name', e.target.value)}
              error={errors.name}
              slotProps={{ htmlInput: { maxLength: PASSCODE_NAME_MAX } }}
              autoFocus
            />
          ),
          passcode: (
            <PasscodeField
              label={t('passcode')}
              required={!passcode}
              value={value}
              onChange={(e) => set('passcode', e.target.value)}
              error={errors.passcode}
              hint={passcode ? t('passcodeKeep') : ' '}
            />
          ),
          isDuress: (
            <div>
              <FormControlLabel
                control={<Checkbox checked={isDuress} onChange={(e) => set('isDuress', e.target.checked)} />}
                label={t('isDuress')}
              />
              {errors.isDuress && <FormHelperText error>{translate(errors.isDuress)}</FormHelperText>}
            </div>
          ),
        }}
      />
      {value && (
        <PasscodeField
          label={t('confirm')}
          required
          value={confirm}
          onChange={(e) => set('confirm', e.target.value)}
          error={errors.confirm}
          hint=" "
        />
      )}
    </EditDialog>
  );
}
