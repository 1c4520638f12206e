/**
 * What the generated demo accounts' devices are: panels, their zones and the signals they send
 * (the large seed, the events seed and the alarm simulator draw from these too).
 */

export const PANEL_TYPES = [
  'DSC PowerSeries Neo',
  'Honeywell Vista-20P',
  'Qolsys IQ Panel 4',
  'DSC PowerSeries PC1864',
  'Honeywell Lynx Touch L7000',
  'DMP XR150',
  '2GIG Edge',
  'Bosch B5512',
];

export const ZONE_EVENT_TYPES = ['Burglary', 'Fire', 'Panic', 'Medical', 'Supervisory', 'Trouble'] as const;
export type ZoneEventType = (typeof ZONE_EVENT_TYPES)[number];

export interface ZoneTemplate {
  description: string;
  eventType: ZoneEventType;
}

const z = (description: string, eventType: ZoneEventType): ZoneTemplate => ({ description, eventType });

/** The first entries always come first; the rest are sampled. */
export const RESIDENTIAL_ZONES: ZoneTemplate[] = [
  z('Front Door', 'Burglary'),
  z('Back Door', 'Burglary'),
  z('Living Room Motion', 'Burglary'),
  z('Smoke Detector Hallway', 'Fire'),
  z('Garage Door', 'Burglary'),
  z('Kitchen Motion', 'Burglary'),
  z('Master Bedroom Window', 'Burglary'),
  z('Basement Window', 'Burglary'),
  z('Patio Slider', 'Burglary'),
  z('Smoke Detector Basement', 'Fire'),
  z('Carbon Monoxide', 'Fire'),
  z('Panic Keypad', 'Panic'),
  z('Medical Pendant', 'Medical'),
  z('Low Temperature Sensor', 'Supervisory'),
  z('Water Sensor Laundry', 'Trouble'),
  z('Glass Break Den', 'Burglary'),
];
export const BUSINESS_ZONES: ZoneTemplate[] = [
  z('Front Entrance', 'Burglary'),
  z('Rear Door', 'Burglary'),
  z('Sales Floor Motion', 'Burglary'),
  z('Smoke Detector Office', 'Fire'),
  z('Office Motion', 'Burglary'),
  z('Loading Dock Door', 'Burglary'),
  z('Hold-Up Button Register', 'Panic'),
  z('Safe Room Door', 'Burglary'),
  z('Heat Detector Storage', 'Fire'),
  z('Sprinkler Waterflow', 'Fire'),
  z('Sprinkler Tamper', 'Supervisory'),
  z('Stockroom Motion', 'Burglary'),
  z('Server Room Temperature', 'Supervisory'),
  z('Glass Break Storefront', 'Burglary'),
  z('Panic Button Reception', 'Panic'),
  z('AC Power Monitor', 'Trouble'),
];

export interface EventCode {
  code: string;
  description: string;
  /** Relative frequency. */
  weight: number;
  /** The zone event type the event belongs to, when it comes from a zone. */
  zoneType?: ZoneEventType;
}

export const EVENT_CODES: EventCode[] = [
  { code: 'E602', description: 'Periodic Test Report', weight: 30 },
  { code: 'E130', description: 'Burglary Alarm', weight: 14, zoneType: 'Burglary' },
  { code: 'E301', description: 'AC Power Loss', weight: 8 },
  { code: 'R301', description: 'AC Power Restored', weight: 7 },
  { code: 'E302', description: 'Low System Battery', weight: 6 },
  { code: 'E110', description: 'Fire Alarm', weight: 3, zoneType: 'Fire' },
  { code: 'E120', description: 'Panic Alarm', weight: 3, zoneType: 'Panic' },
  { code: 'E100', description: 'Medical Alarm', weight: 2, zoneType: 'Medical' },
  { code: 'E380', description: 'Sensor Trouble', weight: 5, zoneType: 'Trouble' },
  { code: 'E200', description: 'Fire Supervisory', weight: 2, zoneType: 'Supervisory' },
  { code: 'E570', description: 'Zone Bypass', weight: 4, zoneType: 'Burglary' },
  { code: 'E350', description: 'Communication Trouble', weight: 4 },
  { code: 'E401', description: 'Opening by User', weight: 6 },
  { code: 'R401', description: 'Closing by User', weight: 6 },
  { code: 'R130', description: 'Burglary Restore', weight: 4, zoneType: 'Burglary' },
  { code: 'E901', description: 'Remote Programming Session', weight: 2 },
];

export const DEVICE_DESCRIPTIONS = {
  residential: ['Main Panel', 'Detached Garage Panel'],
  business: ['Main Panel', 'Warehouse Panel'],
};
