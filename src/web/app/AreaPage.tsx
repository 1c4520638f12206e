import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { PageTitle } from './PageTitle.js';

/** A titled placeholder for an area later work owns (SPEC §2 lazily loaded areas). */
export function AreaPage({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <Typography color="text.secondary">{translate('shell.pages.placeholder')}</Typography>
    </>
  );
}
