import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCanAccess, useTranslate } from 'react-admin';
import type { Locale } from 'date-fns';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { ZONE_EVENT_TYPES } from '../../../../schemas/zones.js';
import { CallListEditor } from './CallListEditor.js';
import { EditToggle } from './EditToggle.js';
import { phoneDisplay } from './editRules.js';
import { HolidaysList, SchedulesEditor } from './SchedulesEditor.js';
import { ZoneDialog } from './ZoneDialog.js';
import { Empty, InfoTable, PhoneLink, Section, Value } from './SiteInfoParts.js';
import { anchorId, callOrder, formatClock, formatDay, groupSchedulesByDay, permitState, zonesByDevice } from './siteInfoRules.js';
import { STATUS_COLORS } from '../../resources/siteStatus.js';
import { formatInZone } from '../../resources/zonedTime.js';
import { useSiteAudience } from '../../resources/siteAudience.js';
import { dayName } from '../../i18n/calendar.js';

interface SectionProps {
  site: SiteDetail;
  locale: Locale;
  language: string;
}

/** Address, site type, time zone and the premise phones. */
export function OverviewSection({ site }: SectionProps) {
  const translate = useTranslate();
  const { address } = site;
  const rows: [string, ReactNode][] = [
    [
      translate('siteInfo.overview.address'),
      <>
        {address.line1}
        {address.line2 && (
          <>
            <br />
            {address.line2}
          </>
        )}
        <br />
        {`${address.city}, ${address.state} ${address.postalCode}`}
      </>,
    ],
    [translate('siteInfo.siteType.label'), translate(`siteInfo.siteType.${site.siteType}`)],
    [translate('siteInfo.overview.timeZone'), site.timeZone],
  ];
  return (
    <Section anchor="overview" title={translate('siteInfo.sections.overview')}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
      >
        {rows.map(([term, detail]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {detail}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography
        id={anchorId('premisePhones')}
        variant="subtitle1"
        component="h4"
        tabIndex={-1}
        sx={{ mt: 2, fontWeight: 700, scrollMarginTop: 80, '&:focus': { outline: 'none' } }}
      >
        {translate('siteInfo.overview.premisePhones')}
      </Typography>
      {site.premisePhones.length === 0 ? (
        <Empty>{translate('siteInfo.overview.noPremisePhones')}</Empty>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {site.premisePhones.map((phone) => (
            <Typography component="li" variant="body2" key={phone.phoneId}>
              {`${phone.label}: `}
              <PhoneLink phone={phone.phoneNumber} />
            </Typography>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** Transmitter, panel, description and the test state of each device. */
export function DevicesSection({ site, language }: SectionProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`siteInfo.devices.${key}`);
  return (
    <Section anchor="devices" title={translate('siteInfo.sections.devices')}>
      {site.devices.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <InfoTable
          label={translate('siteInfo.sections.devices')}
          head={[t('devNum'), t('transmitter'), t('panel'), t('description'), t('test')]}
        >
          {site.devices.map((device) => (
            <TableRow key={device.devNum}>
              <TableCell>{device.devNum}</TableCell>
              <TableCell>{device.transmitterCode}</TableCell>
              <TableCell>
                <Value>{device.panelType}</Value>
              </TableCell>
              <TableCell>
                <Value>{device.description}</Value>
              </TableCell>
              <TableCell>
                {device.onTestUntil ? (
                  <Chip
                    size="small"
                    label={translate('siteInfo.devices.onTestUntil', {
                      date: formatInZone(device.onTestUntil, site.timeZone, language),
                      timeZone: site.timeZone,
                    })}
                    sx={{
                      bgcolor: STATUS_COLORS.onTest,
                      color: '#fff',
                      height: 'auto',
                      '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                    }}
                  />
                ) : (
                  t('notOnTest')
                )}
              </TableCell>
            </TableRow>
          ))}
        </InfoTable>
      )}
    </Section>
  );
}

/** A zone's event kind in the user's language (a kind stored before the list existed: as stored). */
function eventTypeLabel(translate: (key: string) => string, eventType: string): string {
  return (ZONE_EVENT_TYPES as readonly string[]).includes(eventType) ? translate(`accountEdits.zones.eventTypes.${eventType}`) : eventType;
}

/** The zones, one table per device; who may edit (the access table's zones.edit) gets an Edit button per zone. */
export function ZonesSection({ site }: SectionProps) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const t = (key: string) => translate(`siteInfo.zones.${key}`);
  const groups = zonesByDevice(site.devices, site.zones);
  const { canAccess: canEdit = false } = useCanAccess({ resource: audience.access('zones'), action: 'edit' });
  const [editing, setEditing] = useState<SiteDetail['zones'][number] | null>(null);
  const head = [t('zoneNum'), t('description'), t('eventType')];
  return (
    <Section anchor="zones" title={translate('siteInfo.sections.zones')}>
      {groups.length === 0 && <Empty>{t('noDevices')}</Empty>}
      <Stack spacing={2}>
        {groups.map((group) => {
          const device = site.devices.find((d) => d.devNum === group.devNum);
          const title = translate('siteInfo.zones.device', { devNum: group.devNum, transmitter: device?.transmitterCode ?? '—' });
          return (
            <Box key={group.devNum}>
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
                {title}
              </Typography>
              {group.zones.length === 0 ? (
                <Empty>{t('empty')}</Empty>
              ) : (
                <InfoTable label={title} head={canEdit ? [...head, translate('accountEdits.actions')] : head} actions={canEdit}>
                  {group.zones.map((zone) => (
                    <TableRow key={zone.zoneNum}>
                      <TableCell>{zone.zoneNum}</TableCell>
                      <TableCell>{zone.description}</TableCell>
                      <TableCell>{eventTypeLabel(translate, zone.eventType)}</TableCell>
                      {canEdit && (
                        <TableCell sx={{ py: 0 }}>
                          <IconButton
                            size="small"
                            aria-label={translate('accountEdits.zones.editLabel', { zoneNum: zone.zoneNum, description: zone.description })}
                            onClick={() => setEditing({ ...zone, devNum: group.devNum })}
                          >
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </InfoTable>
              )}
            </Box>
          );
        })}
      </Stack>
      {editing && (
        <ZoneDialog key={`${editing.devNum}-${editing.zoneNum}`} siteNum={site.siteNum} zone={editing} onClose={() => setEditing(null)} />
      )}
    </Section>
  );
}

/** The call list, in calling order. */
export function ContactsSection({ site }: SectionProps) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const t = (key: string) => translate(`siteInfo.contacts.${key}`);
  const yesNo = (value: boolean) => t(value ? 'yes' : 'no');
  const title = translate('siteInfo.sections.contacts');
  const { canAccess: canEdit = false } = useCanAccess({ resource: audience.access('contacts'), action: 'edit' });
  const [editing, setEditing] = useState(false);
  return (
    <Section anchor="contacts" title={title} action={canEdit && <EditToggle editing={editing} section={title} onChange={setEditing} />}>
      {editing ? (
        <CallListEditor site={site} />
      ) : site.contacts.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <InfoTable
          label={translate('siteInfo.sections.contacts')}
          head={[t('position'), t('name'), t('relation'), t('phone'), t('email'), t('keyHolder'), t('verifies')]}
        >
          {callOrder(site.contacts).map((contact) => (
            <TableRow key={contact.contactId}>
              <TableCell>{contact.position}</TableCell>
              <TableCell>{contact.name}</TableCell>
              <TableCell>
                <Value>{contact.relation}</Value>
              </TableCell>
              <TableCell>
                <PhoneLink phone={contact.phoneNumber} text={phoneDisplay(contact.phoneNumber)} />
              </TableCell>
              <TableCell>{contact.email ? <Link href={`mailto:${contact.email}`}>{contact.email}</Link> : <Value>{null}</Value>}</TableCell>
              <TableCell>{yesNo(contact.hasKey)}</TableCell>
              <TableCell>{yesNo(contact.verifies)}</TableCell>
            </TableRow>
          ))}
        </InfoTable>
      )}
    </Section>
  );
}

/** Open/close schedules, by day of the locale's week, in the premises' local time. */
export function SchedulesSection({ site, locale, language }: SectionProps) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const t = (key: string) => translate(`siteInfo.schedules.${key}`);
  const title = translate('siteInfo.sections.schedules');
  const { canAccess: canEdit = false } = useCanAccess({ resource: audience.access('schedules'), action: 'edit' });
  const [editing, setEditing] = useState(false);
  return (
    <Section anchor="schedules" title={title} action={canEdit && <EditToggle editing={editing} section={title} onChange={setEditing} />}>
      {editing ? (
        <SchedulesEditor site={site} locale={locale} language={language} />
      ) : site.schedules.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('siteInfo.schedules.timeZoneNote', { timeZone: site.timeZone })}
          </Typography>
          <InfoTable label={translate('siteInfo.sections.schedules')} head={[t('day'), t('name'), t('hours')]}>
            {groupSchedulesByDay(site.schedules, locale).map((day) =>
              day.periods.length === 0 ? (
                <TableRow key={day.dayOfWeek}>
                  <TableCell component="th" scope="row">
                    {dayName(day.dayOfWeek, locale, language)}
                  </TableCell>
                  <TableCell colSpan={2}>{t('none')}</TableCell>
                </TableRow>
              ) : (
                day.periods.map((period, i) => (
                  <TableRow key={period.scheduleId}>
                    {i === 0 && (
                      <TableCell component="th" scope="row" rowSpan={day.periods.length} sx={{ verticalAlign: 'top' }}>
                        {dayName(day.dayOfWeek, locale, language)}
                      </TableCell>
                    )}
                    <TableCell>{period.name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {translate('siteInfo.schedules.period', {
                        opens: formatClock(period.opensAt, locale),
                        closes: formatClock(period.closesAt, locale),
                      })}
                    </TableCell>
                  </TableRow>
                ))
              ),
            )}
          </InfoTable>
        </>
      )}
      <HolidaysList site={site} locale={locale} editable={editing} />
    </Section>
  );
}

/** Police, fire, medical and guard agencies with their permits (an expired permit is tagged). */
export function AgenciesSection({ site, locale }: SectionProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`siteInfo.agencies.${key}`);
  return (
    <Section anchor="agencies" title={translate('siteInfo.sections.agencies')}>
      {site.agencies.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <InfoTable
          label={translate('siteInfo.sections.agencies')}
          head={[t('kind'), t('name'), t('phone'), t('permitNumber'), t('expiresOn')]}
        >
          {site.agencies.map((agency) => {
            const state = permitState(agency);
            return (
              <TableRow key={agency.agencyId}>
                <TableCell>{translate(`siteInfo.agencies.kinds.${agency.kind}`)}</TableCell>
                <TableCell>{agency.name}</TableCell>
                <TableCell>
                  <PhoneLink phone={agency.phoneNumber} />
                </TableCell>
                <TableCell>{state === 'none' ? t('noPermit') : <Value>{agency.permitNumber}</Value>}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} alignItems="center" sx={{ whiteSpace: 'nowrap' }}>
                    <span>
                      <Value>{formatDay(agency.permitExpiresOn, locale)}</Value>
                    </span>
                    {state === 'expired' && (
                      <Chip size="small" label={t('expired')} sx={{ bgcolor: STATUS_COLORS.inAlarm, color: '#fff' }} />
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </InfoTable>
      )}
    </Section>
  );
}
