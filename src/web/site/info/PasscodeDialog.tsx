import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useDataProvider, useTranslate } from 'react-admin';
import { PASSCODE_NAME_MAX, passcodesUi } from '../../../../schemas/passcodes.js';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { passcodeProblem } from '../../../common/passcodeRules.js';
import { EditDialog, EditField, OrderedFields, PasscodeField } from './EditDialog.js';
import { mergeErrors } from './editRules.js';
import type { useAccountEdit } from './useAccountEdit.js';
import { useSiteAudience } from '../../resources/siteAudience.js';

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
  edit: ReturnType<typeof useAccountEdit>;
}) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [name, setName] = useState(passcode?.name ?? '');
  const [value, setValue] = useState('');
  // A masked value is typed twice: the change takes effect only when both agree.
  const [confirm, setConfirm] = useState('');
  const [isDuress, setDuress] = useState(passcode?.isDuress ?? false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const clientErrors = {
    name: submitted && !name.trim() ? 'validation.required' : undefined,
    passcode: value ? passcodeProblem(value) : submitted && !passcode ? 'accountEdits.passcodes.required' : undefined,
    confirm: submitted && value && confirm !== value ? 'accountEdits.passcodes.mismatch' : undefined,
  };
  const errors = mergeErrors(clientErrors, serverErrors);
  const t = (key: string) => translate(`accountEdits.passcodes.fields.${key}`);
  const drop = (field: string) => setServerErrors(({ [field]: _d, ...rest }) => rest);

  async function save() {
    setSubmitted(true);
    if (!name.trim() || (value ? passcodeProblem(value) : !passcode) || (value && confirm !== value)) return;
    const data = { name: name.trim(), isDuress, ...(value ? { passcode: value } : {}) };
    const outcome = await edit.run(
      () =>
        passcode
          ? dataProvider.update(audience.resource('passcodes'), {
              id: passcode.passcodeId,
              data,
              previousData: { id: passcode.passcodeId },
            })
          : dataProvider.create(audience.resource('passcodes'), { data: { siteNum, ...data } }),
      { key: passcode ? 'accountEdits.passcodes.updated' : 'accountEdits.passcodes.added', args: { name: data.name } },
    );
    if (outcome.ok) onClose();
    else {
      setServerErrors(outcome.fieldErrors);
      setFailure(outcome.message);
    }
  }

  return (
    <EditDialog
      open
      title={translate(passcode ? 'accountEdits.passcodes.editTitle' : 'accountEdits.passcodes.addTitle')}
      busy={edit.busy}
      error={failure}
      onClose={onClose}
      onSubmit={() => void save()}
    >
      <OrderedFields
        ui={passcodesUi}
        inputs={{
          name: (
            <EditField
              label={t('name')}
              required
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                drop('name');
              }}
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
              onChange={(e) => {
                setValue(e.target.value);
                drop('passcode');
              }}
              error={errors.passcode}
              hint={passcode ? t('passcodeKeep') : ' '}
            />
          ),
          isDuress: (
            <div>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={isDuress}
                    onChange={(e) => {
                      setDuress(e.target.checked);
                      drop('isDuress');
                    }}
                  />
                }
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
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
          hint=" "
        />
      )}
    </EditDialog>
  );
}
