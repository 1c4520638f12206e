import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useCanAccess, useTranslate } from 'react-admin';
import { useSiteAudience } from '../resources/siteAudience.js';

/** The dialog loads when first opened: the accounts list does not pay for it. */
const PlaceOnTestDialog = lazy(() => import('./PlaceOnTestDialog.js').then((m) => ({ default: m.PlaceOnTestDialog })));

/** Whether the user may place tests (access.ts `tests` create: dealers). */
export function useCanPlaceTests(): boolean {
  const audience = useSiteAudience();
  const { canAccess } = useCanAccess({ resource: audience.access('tests'), action: 'create' });
  return canAccess === true;
}

/** 'Place on test' on /site/info: opens the dialog for the account (and the device the page is open for). */
export function PlaceOnTestButton({ siteNum, devNum }: { siteNum: number; devNum?: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!useCanPlaceTests()) return null;
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<ScienceOutlinedIcon />} onClick={() => setOpen(true)}>
        {translate('siteTests.placeOnTest')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PlaceOnTestDialog siteNum={siteNum} devNum={devNum} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The accounts list's row menu: 'Place on test' for the row's account. */
export function SiteRowMenu({ siteNum, siteName }: { siteNum: number; siteName: string }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  if (!useCanPlaceTests()) return null;
  const menuId = `site-row-menu-${siteNum}`;
  return (
    <>
      <IconButton
        aria-label={translate('siteTests.rowMenu', { name: siteName })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setOpen(true);
          }}
        >
          <ListItemIcon>
            <ScienceOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('siteTests.placeOnTest')}</ListItemText>
        </MenuItem>
      </Menu>
      {open && (
        <span onClick={(e) => e.stopPropagation()}>
          <Suspense fallback={null}>
            <PlaceOnTestDialog siteNum={siteNum} open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </span>
      )}
    </>
  );
}
