import { useWatch } from 'react-hook-form';
import { passcodeInputSchema, passcodesUi } from '../../../../schemas/passcodes.js';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { lazySchemaValidator } from '../../forms/lazySchemaValidator.js';
import { MaskedInput } from '../../forms/widgets/MaskedInput.js';
import { AccountDialog } from './AccountDialog.js';
import { passcodePayload, passcodeProblems } from './editRules.js';

type SitePasscode = SiteDetail['passcodes'][number];

const validate = lazySchemaValidator(passcodeInputSchema, passcodeProblems);

/** A typed passcode is masked, so it is typed twice: the second field, once there is a first. */
function ConfirmPasscode() {
  const value: unknown = useWatch({ name: 'passcode' });
  if (typeof value !== 'string' || value === '') return null;
  return <MaskedInput source="confirm" label="accountEdits.passcodes.fields.confirm" required quietWhileTyping />;
}

/**
 * Adds or changes a passcode, drawn from the passcode's schema and passcodesUi: its name, its
 * value (masked as typed unless shown; left empty on a change to keep it, typed twice) and the
 * duress flag. Duplicates and a second duress passcode are the server's to find (it alone knows
 * the values): its messages appear beside the fields.
 */
export function PasscodeDialog({ siteNum, passcode, onClose }: { siteNum: number; passcode?: SitePasscode; onClose: () => void }) {
  return (
    <AccountDialog
      name="passcodes"
      siteNum={siteNum}
      edit={passcode && { id: passcode.passcodeId, row: passcode }}
      defaults={{ name: '', isDuress: false }}
      schema={passcodeInputSchema}
      ui={passcodesUi}
      validate={validate}
      transform={passcodePayload}
      texts={{
        title: passcode ? 'accountEdits.passcodes.editTitle' : 'accountEdits.passcodes.addTitle',
        saved: (record) => ({
          key: passcode ? 'accountEdits.passcodes.updated' : 'accountEdits.passcodes.added',
          args: { name: record.name as string },
        }),
      }}
      onClose={onClose}
    >
      <ConfirmPasscode />
    </AccountDialog>
  );
}
