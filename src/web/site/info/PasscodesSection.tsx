import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { ConfirmRemove } from './ConfirmRemove.js';
import { PasscodeDialog } from './PasscodeDialog.js';
import { PasswordToReveal } from './PasswordToReveal.js';
import { Empty, InfoTable, Section } from './SiteInfoParts.js';
import { useAccountEdit } from './useAccountEdit.js';
import { passcodeText } from './siteInfoRules.js';
import { usePasscodeReveal } from './usePasscodeReveal.js';
import { useSiteAudience } from '../../resources/siteAudience.js';
import { visuallyHidden } from '../../resources/visuallyHidden.js';

type SitePasscode = SiteDetail['passcodes'][number];

/** The duress tag: dark amber under white text (6:1), the same in light and dark. */
const DURESS_COLOR = '#8f4700';

/**
 * The passcodes, masked, the duress passcode tagged. Who may (the access table's passcodes.reveal)
 * gets a Reveal button per row: the audited reveal call, the clear value for 30 seconds, Hide to
 * mask it at once. Who may edit (passcodes.edit, xtAdmin) adds, changes and removes them.
 */
export function PasscodesSection({ site }: { site: SiteDetail }) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const t = (key: string, args?: Record<string, unknown>) => translate(`siteInfo.passcodes.${key}`, args);
  const { canAccess: canReveal = false } = useCanAccess({ resource: audience.access('passcodes'), action: 'reveal' });
  const { revealed, pending, reveal, hide } = usePasscodeReveal(site.siteNum);
  const { canAccess: canEdit = false } = useCanAccess({ resource: audience.access('passcodes'), action: 'edit' });
  const dataProvider = useDataProvider();
  const edit = useAccountEdit();
  const [editing, setEditing] = useState<SitePasscode | 'new' | null>(null);
  const [removing, setRemoving] = useState<SitePasscode | null>(null);
  const [asking, setAsking] = useState<SitePasscode | null>(null);
  const e = (key: string, args?: Record<string, unknown>) => translate(`accountEdits.passcodes.${key}`, args);
  return (
    <Section anchor="passcodes" title={translate('siteInfo.sections.passcodes')}>
      {site.passcodes.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <>
          <InfoTable
            label={translate('siteInfo.sections.passcodes')}
            head={canReveal || canEdit ? [t('name'), t('passcode'), t('actions')] : [t('name'), t('passcode')]}
            actions={canReveal || canEdit}
          >
            {site.passcodes.map((code) => {
              const clear = revealed.get(code.passcodeId);
              return (
                <TableRow key={code.passcodeId}>
                  <TableCell>
                    {code.name}
                    {code.isDuress && (
                      <Chip size="small" label={e('duress')} sx={{ ml: 1, bgcolor: DURESS_COLOR, color: '#fff', fontWeight: 700 }} />
                    )}
                  </TableCell>
                  <TableCell>
                    <Box
                      component="span"
                      aria-live="polite"
                      sx={{ fontFamily: 'monospace', fontSize: '1rem', letterSpacing: clear ? 0 : 2 }}
                    >
                      {clear === undefined ? (
                        <>
                          <span aria-hidden="true">{passcodeText(code.masked, clear)}</span>
                          <Box component="span" sx={visuallyHidden}>
                            {t('hidden')}
                          </Box>
                        </>
                      ) : (
                        <span data-testid="passcode-clear">{passcodeText(code.masked, clear)}</span>
                      )}
                    </Box>
                  </TableCell>
                  {(canReveal || canEdit) && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {canReveal && (
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={pending.has(code.passcodeId)}
                          startIcon={clear === undefined ? <VisibilityIcon /> : <VisibilityOffIcon />}
                          aria-label={t(clear === undefined ? 'revealLabel' : 'hideLabel', { name: code.name })}
                          onClick={() => {
                            if (clear !== undefined) hide(code.passcodeId);
                            // The customer re-enters their password first.
                            else if (audience.msa) setAsking(code);
                            else void reveal(code.passcodeId);
                          }}
                        >
                          {t(clear === undefined ? 'reveal' : 'hide')}
                        </Button>
                      )}
                      {canEdit && (
                        <>
                          <IconButton aria-label={e('editLabel', { name: code.name })} onClick={() => setEditing(code)} sx={{ ml: 1 }}>
                            <EditOutlinedIcon />
                          </IconButton>
                          <IconButton aria-label={e('removeLabel', { name: code.name })} onClick={() => setRemoving(code)}>
                            <DeleteOutlineIcon />
                          </IconButton>
                        </>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </InfoTable>
          {revealed.size > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('shownFor')}
            </Typography>
          )}
        </>
      )}
      {asking && (
        <PasswordToReveal
          key={asking.passcodeId}
          name={asking.name}
          busy={pending.has(asking.passcodeId)}
          onClose={() => setAsking(null)}
          onSubmit={async (password) => {
            const errors = await reveal(asking.passcodeId, password);
            if (!errors) setAsking(null);
            return errors;
          }}
        />
      )}
      {canEdit && (
        <>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing('new')} sx={{ mt: 1 }}>
            {e('add')}
          </Button>
          {editing !== null && (
            <PasscodeDialog
              key={editing === 'new' ? 'new' : editing.passcodeId}
              siteNum={site.siteNum}
              passcode={editing === 'new' ? undefined : editing}
              onClose={() => setEditing(null)}
            />
          )}
          <ConfirmRemove
            open={removing !== null}
            title={e('removeTitle', { name: removing?.name ?? '' })}
            text={e('removeText')}
            busy={edit.busy}
            onCancel={() => setRemoving(null)}
            onConfirm={() => {
              const code = removing!;
              void edit
                .run(
                  () => dataProvider.delete(audience.resource('passcodes'), { id: code.passcodeId, previousData: { id: code.passcodeId } }),
                  { key: 'accountEdits.passcodes.removed', args: { name: code.name } },
                )
                .then(() => setRemoving(null));
            }}
          />
        </>
      )}
    </Section>
  );
}
