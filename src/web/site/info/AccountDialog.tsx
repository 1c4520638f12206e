import type { Identifier } from 'react-admin';
import { ResourceDialog, type ResourceDialogProps, type ResourceDialogTexts } from '../../resources/ResourceDialog.js';
import { useSiteAudience, type SiteResourceName } from '../../resources/siteAudience.js';

export interface AccountDialogProps extends Omit<ResourceDialogProps, 'resource' | 'access' | 'target' | 'placeholder' | 'texts'> {
  /** The account's resource the row belongs to. */
  name: SiteResourceName;
  siteNum: number;
  /** The row changed, by id, as the account view shows it; left out to add one. */
  edit?: { id: Identifier; row: object };
  texts: Pick<ResourceDialogTexts, 'title' | 'titleArgs' | 'saved'>;
}

/**
 * The dialog of one row of the account (a contact, a passcode, a zone, a window, a holiday):
 * ResourceDialog over the screen's audience (the dealer's /api/<name> or the customer's
 * /api/msa/<name>, each with its access entry), the row as the account view shows it drawn at
 * once while the record loads, a new row in the account, and the editors' Save, Cancel and
 * §8 texts. react-admin's refresh after a save reloads the account view.
 */
export function AccountDialog({ name, siteNum, edit, texts, defaults, ...dialog }: AccountDialogProps) {
  const audience = useSiteAudience();
  return (
    <ResourceDialog
      {...dialog}
      resource={audience.resource(name)}
      access={audience.access(name)}
      target={edit ? { mode: 'edit', id: edit.id } : { mode: 'create' }}
      placeholder={edit && { ...edit.row, id: edit.id, siteNum }}
      defaults={{ ...defaults, siteNum }}
      texts={{
        ...texts,
        submit: 'accountEdits.save',
        cancel: 'accountEdits.cancel',
        saveError: 'accountEdits.saveFailed',
        loadError: 'accountEdits.loadFailed',
      }}
    />
  );
}
