import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useQueryClient } from '@tanstack/react-query';
import { TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { accountLinkCreateSchema, accountLinkCreateUi, type AccountLink } from '../../../schemas/user.js';
import type { SchemaFormSlot } from '../forms/SchemaForm.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { clientMessage } from '../providers/errorMessages.js';
import { SubmitDialog } from '../resources/ResourceDialog.js';
import { LINKS_QUERY } from './accountLinks.js';
import { accountLinkInput } from './msaRules.js';

/**
 * The customer's linked accounts (SPEC §3 account link, §4 'only one default link',
 * §7 delete and favourite account link): set the default, remove one after a confirmation (not
 * the last), and add one with its account number and passcode, as at registration.
 */
export function LinkedAccounts({ links }: { links: readonly AccountLink[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [removing, setRemoving] = useState<AccountLink | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`msa.links.${key}`, args);

  const apply = async (call: () => Promise<AccountLink[]>, success: string, failure: string, args?: Record<string, unknown>) => {
    setBusy(true);
    try {
      queryClient.setQueryData(LINKS_QUERY, await call());
      await queryClient.invalidateQueries({ queryKey: LINKS_QUERY });
      notify(success, { type: 'success', messageArgs: args });
      return true;
    } catch (error) {
      notify(clientMessage(error, failure).message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="h6">
            {t('title')}
          </Typography>
          <Button variant="outlined" startIcon={<AddLinkIcon />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        </Stack>
        <List dense disablePadding sx={{ mt: 1 }}>
          {links.map((link) => (
            <ListItem
              key={link.siteNum}
              disableGutters
              divider
              secondaryAction={
                <Stack direction="row">
                  <Tooltip title={link.isFavorite ? t('isDefault') : t('makeDefault')}>
                    <span>
                      <IconButton
                        aria-label={
                          link.isFavorite ? t('isDefaultLabel', { name: link.siteName }) : t('makeDefaultLabel', { name: link.siteName })
                        }
                        aria-pressed={link.isFavorite}
                        disabled={busy}
                        onClick={() =>
                          void apply(
                            () => dataProvider.setFavoriteAccountLink(link.siteNum, !link.isFavorite),
                            link.isFavorite ? 'msa.links.defaultCleared' : 'msa.links.defaultSet',
                            'msa.links.favoriteFailed',
                            { name: link.siteName },
                          )
                        }
                      >
                        {link.isFavorite ? <StarIcon color="warning" /> : <StarBorderIcon />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={links.length === 1 ? t('lastLink') : t('remove')}>
                    <span>
                      <IconButton
                        aria-label={t('removeLabel', { name: link.siteName })}
                        disabled={busy || links.length === 1}
                        onClick={() => setRemoving(link)}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={
                  <>
                    {link.siteName}
                    {link.isActive && <Chip size="small" label={t('active')} sx={{ ml: 1 }} />}
                  </>
                }
                secondary={[t('number', { siteNum: link.siteNum }), link.address].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <Dialog open={removing !== null} onClose={busy ? undefined : () => setRemoving(null)} aria-labelledby="msa-remove-link">
        <DialogTitle id="msa-remove-link">{t('removeTitle', { name: removing?.siteName ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('removeText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)} disabled={busy} autoFocus>
            {translate('accountEdits.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={() => {
              const link = removing!;
              void apply(() => dataProvider.removeAccountLink(link.siteNum), 'msa.links.removed', 'msa.links.removeFailed', {
                name: link.siteName,
              }).then(() => setRemoving(null));
            }}
          >
            {t('remove')}
          </Button>
        </DialogActions>
      </Dialog>
      {adding && <AddLinkDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}

/** The account's passcode: masked as it is typed. */
const SLOTS: Record<string, SchemaFormSlot> = {
  secret: (field) => (
    <TextInput
      source={field.source}
      label={field.label}
      type="password"
      isRequired={field.rules.required}
      autoComplete="off"
      helperText={false}
      fullWidth
      size="small"
    />
  ),
};

/** Adds a linked account with its number and passcode, as at registration (the dataProvider's addAccountLink). */
function AddLinkDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <SubmitDialog
      schema={accountLinkCreateSchema}
      ui={accountLinkCreateUi}
      slots={SLOTS}
      values={{ accountNumber: '', accountPasscode: '' }}
      maxWidth="xs"
      texts={{
        title: 'msa.links.addTitle',
        submit: 'msa.links.addButton',
        cancel: 'accountEdits.cancel',
        explanation: 'msa.links.addText',
        saved: 'msa.links.added',
        saveError: 'msa.links.addFailed',
      }}
      submit={(values) => dataProvider.addAccountLink(accountLinkInput(values))}
      onSaved={async (links) => {
        queryClient.setQueryData(LINKS_QUERY, links);
        await queryClient.invalidateQueries({ queryKey: LINKS_QUERY });
      }}
      onClose={onClose}
    />
  );
}
