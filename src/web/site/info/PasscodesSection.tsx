import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useCanAccess, useTranslate } from 'react-admin';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { Empty, InfoTable, Section, visuallyHidden } from './SiteInfoParts.js';
import { passcodeText } from './siteInfoRules.js';
import { usePasscodeReveal } from './usePasscodeReveal.js';

/**
 * The passcodes, masked. Who may (the access table's passcodes.reveal) gets a Reveal button per
 * row: the audited reveal call, the clear value for 30 seconds, Hide to mask it at once.
 */
export function PasscodesSection({ site }: { site: SiteDetail }) {
  const translate = useTranslate();
  const t = (key: string, args?: Record<string, unknown>) => translate(`siteInfo.passcodes.${key}`, args);
  const { canAccess: canReveal = false } = useCanAccess({ resource: 'passcodes', action: 'reveal' });
  const { revealed, pending, reveal, hide } = usePasscodeReveal(site.siteNum);
  return (
    <Section anchor="passcodes" title={translate('siteInfo.sections.passcodes')}>
      {site.passcodes.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <>
          <InfoTable
            label={translate('siteInfo.sections.passcodes')}
            head={canReveal ? [t('name'), t('passcode'), t('actions')] : [t('name'), t('passcode')]}
          >
            {site.passcodes.map((code) => {
              const clear = revealed.get(code.passcodeId);
              return (
                <TableRow key={code.passcodeId}>
                  <TableCell>{code.name}</TableCell>
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
                  {canReveal && (
                    <TableCell>
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={pending.has(code.passcodeId)}
                        startIcon={clear === undefined ? <VisibilityIcon /> : <VisibilityOffIcon />}
                        aria-label={t(clear === undefined ? 'revealLabel' : 'hideLabel', { name: code.name })}
                        onClick={() => (clear === undefined ? void reveal(code.passcodeId) : hide(code.passcodeId))}
                      >
                        {t(clear === undefined ? 'reveal' : 'hide')}
                      </Button>
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
    </Section>
  );
}
