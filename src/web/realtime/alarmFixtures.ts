import type { AlarmEvent } from '../../../schemas/dealer.js';

/** An alarm of one site and device for the live-feed tests, told apart by its number. */
export const testAlarm = (alarmNum: number): AlarmEvent => ({
  alarmNum,
  siteNum: 100101,
  devNum: 1,
  siteName: 'Site',
  transmitterCode: 'X1',
  alarmDate: '2026-03-01T10:00:00Z',
  eventCodeDescription: `Alarm ${alarmNum}`,
});
