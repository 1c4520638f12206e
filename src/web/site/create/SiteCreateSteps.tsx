import Grid from '@mui/material/Grid';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { addressLabels, defaultTimeZone, regionsOf, timeZonesFor } from '../../../common/postalAddress.js';
import { COUNTRY_OPTIONS, SITE_TYPE_OPTIONS, type NewSiteValues } from './siteCreateForm.js';
import { SelectInput, TextInput } from './SiteCreateFields.js';

/** The zones of the country, with the chosen one kept when it is not among them (the step's rule then says so). */
function useTimeZoneOptions() {
  const [country, timeZone] = useWatch<NewSiteValues, ['address.country', 'account.timeZone']>({
    name: ['address.country', 'account.timeZone'],
  });
  const zones = timeZonesFor(country);
  const all = timeZone && !zones.includes(timeZone) ? [timeZone, ...zones] : zones;
  return all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** Step 1: the account's name, site type and time zone. */
export function AccountStep() {
  const translate = useTranslate();
  const zones = useTimeZoneOptions();
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput name="account.siteName" label={translate('siteCreate.fields.siteName')} required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput
          name="account.siteType"
          label={translate('siteCreate.fields.siteType')}
          required
          options={SITE_TYPE_OPTIONS.map((type) => ({ value: type, label: translate(`siteCreate.siteTypes.${type}`) }))}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput name="account.timeZone" label={translate('siteCreate.fields.timeZone')} required options={zones} />
      </Grid>
    </Grid>
  );
}

/** Step 2: the premises' address; the state list, labels and postal format follow the country, the time zone the state. */
export function AddressStep() {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext<NewSiteValues>();
  const country = useWatch<NewSiteValues, 'address.country'>({ name: 'address.country' });
  const labels = addressLabels(country);
  const hint =
    country === 'CA' ? 'siteCreate.hints.postalCodeCA' : country === 'MX' ? 'siteCreate.hints.postalCodeMX' : 'siteCreate.hints.zip';
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput
          name="address.country"
          label={translate('siteCreate.fields.country')}
          required
          autoComplete="country"
          options={COUNTRY_OPTIONS.map((code) => ({ value: code, label: translate(`siteCreate.countries.${code}`) }))}
          onValueChange={(next) => {
            // Another country: its own states, and a time zone of it.
            setValue('address.state', '');
            const zone = defaultTimeZone(next, '');
            if (zone) setValue('account.timeZone', zone);
          }}
        />
      </Grid>
      <Grid size={12}>
        <TextInput name="address.line1" label={translate('siteCreate.fields.line1')} required autoComplete="address-line1" />
      </Grid>
      <Grid size={12}>
        <TextInput name="address.line2" label={translate('siteCreate.fields.line2')} autoComplete="address-line2" />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <TextInput name="address.city" label={translate('siteCreate.fields.city')} required autoComplete="address-level2" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <SelectInput
          name="address.state"
          label={translate(labels.state)}
          required
          autoComplete="address-level1"
          emptyOption=""
          options={regionsOf(country).map((region) => ({ value: region.code, label: `${region.name} (${region.code})` }))}
          onValueChange={(state) => {
            const zone = defaultTimeZone(getValues('address.country'), state);
            if (zone) setValue('account.timeZone', zone);
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextInput
          name="address.postalCode"
          label={translate(labels.postalCode)}
          required
          autoComplete="postal-code"
          hint={translate(hint)}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput
          name="address.phoneNumber"
          label={translate('siteCreate.fields.premisePhone')}
          type="tel"
          autoComplete="tel"
          hint={translate('siteCreate.hints.phone')}
        />
      </Grid>
    </Grid>
  );
}
