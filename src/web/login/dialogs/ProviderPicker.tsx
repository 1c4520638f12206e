import { useEffect, useId, useReducer, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Key from '@mui/icons-material/Key';
import type { SsoTenant } from '../../../../schemas/dealer.js';
import { DIALOG_PAPER } from './formLayout.js';
import { initialPickerState, isPickerKey, pickerReducer, type PickerAction } from './providerPickerRules.js';

export interface ProviderPickerProps {
  open: boolean;
  tenant: SsoTenant;
  onChoose(provider: string): void;
  onClose(): void;
}

/**
 * SPEC §2 provider picker 'Sign into {dealer name}': a listbox of the dealer's
 * providers; arrow keys move the selection, Enter (or a click) chooses.
 */
export function ProviderPicker({ open, tenant, onChoose, onClose }: ProviderPickerProps) {
  const { t } = useTranslation();
  const count = tenant.providers.length;
  const [state, dispatch] = useReducer(pickerReducer, count, initialPickerState);
  const listRef = useRef<HTMLUListElement | null>(null);
  const baseId = useId();
  const optionId = (index: number) => `${baseId}-option-${index}`;

  useEffect(() => {
    if (state.selected >= 0) document.getElementById(optionId(state.selected))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.selected]);

  /** Applies an action; a first choice sends the browser on (once: later keys are ignored). */
  const act = (action: PickerAction) => {
    const next = pickerReducer(state, action);
    dispatch(action);
    if (state.chosen === null && next.chosen !== null) onChoose(tenant.providers[next.chosen].name);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isPickerKey(event.key)) return;
    event.preventDefault();
    act({ type: 'key', key: event.key, count });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: DIALOG_PAPER }, transition: { onEntered: () => listRef.current?.focus() } }}
    >
      <DialogTitle>{t('dialogs.sso.pickerTitle', { dealerName: tenant.dealerName })}</DialogTitle>
      <DialogContent>
        {count === 0 ? (
          <Typography role="status">{t('dialogs.sso.noProviders')}</Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" id={`${baseId}-hint`} sx={{ mb: 1 }}>
              {t('dialogs.sso.pickerHint')}
            </Typography>
            <List
              ref={listRef}
              role="listbox"
              tabIndex={0}
              aria-label={t('dialogs.sso.providers')}
              aria-describedby={`${baseId}-hint`}
              aria-activedescendant={state.selected >= 0 ? optionId(state.selected) : undefined}
              onKeyDown={onKeyDown}
              sx={{
                outline: 'none',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', borderRadius: 1 },
              }}
            >
              {tenant.providers.map((provider, index) => (
                <ListItemButton
                  key={provider.name}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === state.selected}
                  selected={index === state.selected}
                  tabIndex={-1}
                  onMouseEnter={() => dispatch({ type: 'select', index })}
                  onClick={() => act({ type: 'choose', index })}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemIcon>
                    <Key />
                  </ListItemIcon>
                  <ListItemText primary={provider.displayName} />
                </ListItemButton>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('dialogs.actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
