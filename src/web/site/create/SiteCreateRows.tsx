import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { SITE_CREATE_LIMITS } from '../../../../schemas/siteCreate.js';
import { ZONE_EVENT_TYPES } from '../../../../schemas/zones.js';
import { normaliseTransmitter } from '../../../common/transmitter.js';
import { emptyContact, emptyDevice, emptyPasscode, emptyZone, type NewSiteValues } from './siteCreateForm.js';
import { CheckboxInput, SelectInput, TextInput } from './SiteCreateFields.js';
import type { TransmitterChecks } from './useTransmitterChecks.js';

/** One row of a repeating step: its heading (a number) and its remove button, the inputs below. */
function Row({ heading, headingId, actions, children }: { heading: string; headingId: string; actions: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="fieldset" aria-labelledby={headingId} sx={{ p: 2, m: 0, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={headingId} variant="subtitle1" component="legend" sx={{ fontWeight: 600, float: 'left', p: 0 }}>
          {heading}
        </Typography>
        <Stack direction="row" spacing={0.5}>
          {actions}
        </Stack>
      </Stack>
      {children}
    </Paper>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 2 }}>
      {text}
    </Typography>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton aria-label={label} onClick={onClick}>
      <DeleteOutlineIcon />
    </IconButton>
  );
}

function AddButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Box>
      <Button startIcon={<AddIcon />} onClick={onClick} disabled={disabled} variant="outlined">
        {label}
      </Button>
    </Box>
  );
}

/** Step 3: the devices; each transmitter is checked against the platform when it is left. */
export function DevicesStep({ checks }: { checks: TransmitterChecks }) {
  const translate = useTranslate();
  const { control, getValues, setValue } = useFormContext<NewSiteValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'devices' });
  const devices = useWatch<NewSiteValues, 'devices'>({ name: 'devices' });
  return (
    <Stack spacing={2}>
      {fields.map((field, i) => {
        const code = normaliseTransmitter(devices?.[i]?.transmitterCode ?? '');
        const free = code && checks.freeCodes.has(code);
        return (
          <Row
            key={field.id}
            heading={translate('siteCreate.deviceN', { n: i + 1 })}
            headingId={`device-${field.id}`}
            actions={
              fields.length > 1 && (
                <RemoveButton
                  label={translate('siteCreate.actions.removeDevice', { n: i + 1 })}
                  onClick={() => {
                    // Its zones go with it; the zones of later devices keep theirs.
                    const zones = getValues('zones')
                      .filter((z) => z.device !== String(i))
                      .map((z) => (Number(z.device) > i ? { ...z, device: String(Number(z.device) - 1) } : z));
                    setValue('zones', zones);
                    remove(i);
                  }}
                />
              )
            }
          >
            <Grid container columnSpacing={2} rowSpacing={1}>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextInput
                  name={`devices.${i}.transmitterCode`}
                  label={translate('siteCreate.fields.transmitterCode')}
                  required
                  autoComplete="off"
                  hint={free ? translate('siteCreate.transmitter.available', { code }) : translate('siteCreate.hints.transmitter')}
                  onBlur={() => void checks.check(i)}
                  slotProps={{
                    input: {
                      endAdornment: free ? (
                        <InputAdornment position="end">
                          <CheckCircleOutlineIcon color="success" fontSize="small" aria-hidden />
                        </InputAdornment>
                      ) : undefined,
                    },
                  }}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextInput name={`devices.${i}.panelType`} label={translate('siteCreate.fields.panelType')} />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <TextInput name={`devices.${i}.description`} label={translate('siteCreate.fields.description')} />
              </Grid>
            </Grid>
          </Row>
        );
      })}
      <Box role="status" aria-live="polite" sx={{ minHeight: '1.5em', color: 'text.secondary' }}>
        {checks.checking ? translate('siteCreate.transmitter.checking') : ''}
      </Box>
      <AddButton
        label={translate('siteCreate.actions.addDevice')}
        onClick={() => append(emptyDevice())}
        disabled={fields.length >= SITE_CREATE_LIMITS.devices}
      />
    </Stack>
  );
}

/** Step 4: the call list, in calling order (moved with the arrow buttons). */
export function ContactsStep() {
  const translate = useTranslate();
  const { control } = useFormContext<NewSiteValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'contacts' });
  return (
    <Stack spacing={2}>
      {fields.length === 0 && <Empty text={translate('siteCreate.empty.contacts')} />}
      {fields.map((field, i) => (
        <Row
          key={field.id}
          heading={translate('siteCreate.contactN', { n: i + 1 })}
          headingId={`contact-${field.id}`}
          actions={
            <>
              <IconButton
                aria-label={translate('siteCreate.actions.moveUp', { n: i + 1 })}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={translate('siteCreate.actions.moveDown', { n: i + 1 })}
                disabled={i === fields.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <RemoveButton label={translate('siteCreate.actions.removeContact', { n: i + 1 })} onClick={() => remove(i)} />
            </>
          }
        >
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput name={`contacts.${i}.name`} label={translate('siteCreate.fields.name')} required autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput name={`contacts.${i}.relation`} label={translate('siteCreate.fields.relation')} autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput
                name={`contacts.${i}.phoneNumber`}
                label={translate('siteCreate.fields.phoneNumber')}
                required
                type="tel"
                autoComplete="off"
                hint={translate('siteCreate.hints.phone')}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput name={`contacts.${i}.email`} label={translate('siteCreate.fields.email')} type="email" autoComplete="off" />
            </Grid>
            <Grid size={12}>
              <CheckboxInput name={`contacts.${i}.verifies`} label={translate('siteCreate.fields.verifies')} />
              <CheckboxInput name={`contacts.${i}.hasKey`} label={translate('siteCreate.fields.hasKey')} />
            </Grid>
          </Grid>
        </Row>
      ))}
      <AddButton
        label={translate('siteCreate.actions.addContact')}
        onClick={() => append(emptyContact())}
        disabled={fields.length >= SITE_CREATE_LIMITS.contacts}
      />
    </Stack>
  );
}

/** Step 5: the zones, each of one of the devices. */
export function ZonesStep() {
  const translate = useTranslate();
  const { control, getValues } = useFormContext<NewSiteValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'zones' });
  const devices = useWatch<NewSiteValues, 'devices'>({ name: 'devices' }) ?? [];
  const deviceOptions = devices.map((d, i) => ({
    value: String(i),
    label: translate('siteCreate.deviceOption', { n: i + 1, code: normaliseTransmitter(d.transmitterCode) }),
  }));
  const eventTypes = ZONE_EVENT_TYPES.map((type) => ({ value: type, label: translate(`siteCreate.eventTypes.${type}`) }));
  return (
    <Stack spacing={2}>
      {fields.length === 0 && <Empty text={translate('siteCreate.empty.zones')} />}
      {fields.map((field, i) => (
        <Row
          key={field.id}
          heading={translate('siteCreate.zoneN', { n: i + 1 })}
          headingId={`zone-${field.id}`}
          actions={<RemoveButton label={translate('siteCreate.actions.removeZone', { n: i + 1 })} onClick={() => remove(i)} />}
        >
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <SelectInput name={`zones.${i}.device`} label={translate('siteCreate.fields.device')} required options={deviceOptions} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}>
              <TextInput
                name={`zones.${i}.zoneNum`}
                label={translate('siteCreate.fields.zoneNum')}
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextInput name={`zones.${i}.description`} label={translate('siteCreate.fields.description')} required autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <SelectInput name={`zones.${i}.eventType`} label={translate('siteCreate.fields.eventType')} required options={eventTypes} />
            </Grid>
          </Grid>
        </Row>
      ))}
      <AddButton
        label={translate('siteCreate.actions.addZone')}
        onClick={() => {
          const zones = getValues('zones');
          append(emptyZone({ zones }, zones.at(-1)?.device ?? '0'));
        }}
        disabled={fields.length >= SITE_CREATE_LIMITS.zones}
      />
    </Stack>
  );
}

/** Step 6: the passcodes, hidden as they are typed unless shown. */
export function PasscodesStep() {
  const translate = useTranslate();
  const { control } = useFormContext<NewSiteValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'passcodes' });
  const [shown, setShown] = useState<Record<string, boolean>>({});
  return (
    <Stack spacing={2}>
      {fields.length === 0 && <Empty text={translate('siteCreate.empty.passcodes')} />}
      {fields.map((field, i) => (
        <Row
          key={field.id}
          heading={translate('siteCreate.passcodeN', { n: i + 1 })}
          headingId={`passcode-${field.id}`}
          actions={<RemoveButton label={translate('siteCreate.actions.removePasscode', { n: i + 1 })} onClick={() => remove(i)} />}
        >
          <Grid container columnSpacing={2} rowSpacing={1}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput name={`passcodes.${i}.name`} label={translate('siteCreate.fields.passcodeName')} required autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextInput
                name={`passcodes.${i}.passcode`}
                label={translate('siteCreate.fields.passcode')}
                required
                type={shown[field.id] ? 'text' : 'password'}
                autoComplete="new-password"
                hint={translate('siteCreate.hints.passcode')}
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton
                          edge="end"
                          aria-label={translate(shown[field.id] ? 'siteCreate.actions.hidePasscode' : 'siteCreate.actions.showPasscode', {
                            n: i + 1,
                          })}
                          onClick={() => setShown((s) => ({ ...s, [field.id]: !s[field.id] }))}
                        >
                          {shown[field.id] ? <VisibilityOff /> : <Visibility />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Grid>
            <Grid size={12}>
              <CheckboxInput name={`passcodes.${i}.isDuress`} label={translate('accountEdits.passcodes.fields.isDuress')} />
            </Grid>
          </Grid>
        </Row>
      ))}
      <AddButton
        label={translate('siteCreate.actions.addPasscode')}
        onClick={() => append(emptyPasscode())}
        disabled={fields.length >= SITE_CREATE_LIMITS.passcodes}
      />
    </Stack>
  );
}
