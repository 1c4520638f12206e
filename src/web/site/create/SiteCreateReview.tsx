import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { SiteCreateStep } from '../../../../schemas/siteCreate.js';
import { formatPhone } from '../../../common/phoneFormat.js';
import { addressLabels, normalisePostalCode, phoneRegionOf, regionsOf } from '../../../common/postalAddress.js';
import { normaliseTransmitter } from '../../../common/transmitter.js';
import { expectedWarnings, type NewSiteValues } from './siteCreateForm.js';

/** A term and its value; empty values read 'None'. */
function Item({ term, children }: { term: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, columnGap: 2, py: 0.5 }}>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || translate('siteCreate.review.none')}
      </Typography>
    </Box>
  );
}

/** One step's summary: its heading and an Edit button that returns to it. */
function Section({ step, onEdit, children }: { step: SiteCreateStep; onEdit: (step: SiteCreateStep) => void; children: ReactNode }) {
  const translate = useTranslate();
  const title = translate(`siteCreate.steps.${step}`);
  return (
    <Box component="section" aria-labelledby={`review-${step}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`review-${step}`} variant="h6" component="h3">
          {title}
        </Typography>
        <Button size="small" onClick={() => onEdit(step)}>
          {translate('siteCreate.actions.edit', { step: title })}
        </Button>
      </Stack>
      <Box component="dl" sx={{ m: 0 }}>
        {children}
      </Box>
      <Divider sx={{ mt: 2 }} />
    </Box>
  );
}

/** Step 7: everything typed, step by step, with the completeness warnings the new account will show. */
export function ReviewStep({ values, onEdit }: { values: NewSiteValues; onEdit: (step: SiteCreateStep) => void }) {
  const translate = useTranslate();
  const { account, address } = values;
  const region = phoneRegionOf(address.country);
  const phone = (text: string) => (text.trim() ? formatPhone(text.trim(), region) : '');
  const labels = addressLabels(address.country);
  const state = regionsOf(address.country).find((r) => r.code === address.state);
  const warnings = expectedWarnings(values);
  const deviceName = (index: string) => {
    const n = Number(index);
    return translate('siteCreate.deviceOption', { n: n + 1, code: normaliseTransmitter(values.devices[n]?.transmitterCode ?? '') });
  };
  return (
    <Stack spacing={2}>
      {warnings.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>{translate('siteCreate.review.warningsTitle')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {warnings.map((w) => (
              <li key={w}>{translate(`siteInfo.warnings.${w}`)}</li>
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('siteCreate.review.warningsText')}
          </Typography>
        </Alert>
      )}
      <Section step="account" onEdit={onEdit}>
        <Item term={translate('siteCreate.fields.siteName')}>{account.siteName}</Item>
        <Item term={translate('siteCreate.fields.siteType')}>{translate(`siteCreate.siteTypes.${account.siteType}`)}</Item>
        <Item term={translate('siteCreate.fields.timeZone')}>{account.timeZone.replace(/_/g, ' ')}</Item>
      </Section>
      <Section step="address" onEdit={onEdit}>
        <Item term={translate('siteCreate.fields.country')}>{translate(`siteCreate.countries.${address.country}`)}</Item>
        <Item term={translate('siteCreate.fields.line1')}>{address.line1}</Item>
        <Item term={translate('siteCreate.fields.line2')}>{address.line2}</Item>
        <Item term={translate('siteCreate.fields.city')}>{address.city}</Item>
        <Item term={translate(labels.state)}>{state ? `${state.name} (${state.code})` : address.state}</Item>
        <Item term={translate(labels.postalCode)}>{normalisePostalCode(address.country, address.postalCode)}</Item>
        <Item term={translate('siteCreate.fields.premisePhone')}>{phone(address.phoneNumber)}</Item>
      </Section>
      <Section step="devices" onEdit={onEdit}>
        {values.devices.map((d, i) => (
          <Item key={i} term={translate('siteCreate.deviceN', { n: i + 1 })}>
            {[normaliseTransmitter(d.transmitterCode), d.panelType, d.description].filter((s) => s.trim()).join(' · ')}
          </Item>
        ))}
      </Section>
      <Section step="contacts" onEdit={onEdit}>
        {values.contacts.length === 0 && <Item term={translate('siteCreate.steps.contacts')}>{''}</Item>}
        {values.contacts.map((c, i) => (
          <Item key={i} term={translate('siteCreate.contactN', { n: i + 1 })}>
            {[
              c.name,
              c.relation,
              phone(c.phoneNumber),
              c.email,
              c.verifies ? translate('siteCreate.fields.verifies') : '',
              c.hasKey ? translate('siteCreate.fields.hasKey') : '',
            ]
              .filter((s) => s.trim())
              .join(' · ')}
          </Item>
        ))}
      </Section>
      <Section step="zones" onEdit={onEdit}>
        {values.zones.length === 0 && <Item term={translate('siteCreate.steps.zones')}>{''}</Item>}
        {values.zones.map((z, i) => (
          <Item key={i} term={deviceName(z.device)}>
            {translate('siteCreate.review.zoneLine', {
              zoneNum: z.zoneNum,
              description: z.description,
              eventType: translate(`siteCreate.eventTypes.${z.eventType}`),
            })}
          </Item>
        ))}
      </Section>
      <Section step="passcodes" onEdit={onEdit}>
        {values.passcodes.length === 0 && <Item term={translate('siteCreate.steps.passcodes')}>{''}</Item>}
        {values.passcodes.map((p, i) => (
          <Item key={i} term={translate('siteCreate.passcodeN', { n: i + 1 })}>
            {translate('siteCreate.review.passcodeMasked', { name: p.name, count: p.passcode.length })}
          </Item>
        ))}
      </Section>
    </Stack>
  );
}
