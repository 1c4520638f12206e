import type { FastifyInstance } from 'fastify';
import type { AlarmIngestItem } from '../../../schemas/live.js';
import { EVENT_CODES } from '../db/seed/demo/deviceWords.js';
import { weightedPick, type Random } from '../db/seed/random.js';
import { alarmsRepository } from './alarmsRepository.js';

/** Demo: one alarm every 20 to 60 seconds. */
const SIMULATOR_INTERVAL_MS = { min: 20_000, max: 60_000 } as const;

function nextDelayMs(rng: Random): number {
  return SIMULATOR_INTERVAL_MS.min + Math.floor(rng() * (SIMULATOR_INTERVAL_MS.max - SIMULATOR_INTERVAL_MS.min + 1));
}

/** A plausible alarm: a weighted event code, on a zone of the matching kind when it comes from a zone. */
function simulatedAlarm(
  rng: Random,
  device: { transmitterCode: string; zones: { zoneNum: number; eventType: string }[] },
  now: Date,
): AlarmIngestItem {
  let event = weightedPick(rng, EVENT_CODES, (c) => c.weight);
  let zoneNum: number | null = null;
  if (event.zoneType) {
    const zones = device.zones.filter((z) => z.eventType === event.zoneType);
    if (zones.length) zoneNum = zones[Math.floor(rng() * zones.length)].zoneNum;
    else event = EVENT_CODES[0];
  }
  return {
    transmitterCode: device.transmitterCode,
    eventCode: event.code,
    eventCodeDescription: event.description,
    alarmDate: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString(),
    zoneNum,
  };
}

/**
 * In demo mode, alarms arrive for the first live account group as if the
 * monitoring platform sent them: stored and pushed like an ingest call.
 * Stops when the app closes.
 */
export function startAlarmSimulator(app: FastifyInstance, rng: Random = Math.random): void {
  const siteGroupNum = app.config.liveAlarmGroups[0];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const alarms = alarmsRepository(app.db);

  const tick = async () => {
    const device = await alarms.devicesOfGroup(siteGroupNum);
    if (!device.length) return;
    const chosen = device[Math.floor(rng() * device.length)];
    const zones = await alarms.zonesOf(chosen.dev_num);
    const outcome = await alarms.ingest([simulatedAlarm(rng, { transmitterCode: chosen.transmitter_code, zones }, new Date())]);
    if (!outcome.ok || stopped) return;
    for (const alarm of outcome.alarms) if (!alarm.onTest) await app.realtime.publishAlarm(alarm.siteGroupNum, alarm.event);
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error) => app.log.warn({ err: error }, 'alarm simulator'))
        .finally(schedule);
    }, nextDelayMs(rng));
    timer.unref();
  };
  app.addHook('onReady', async () => {
    app.log.info(`alarm simulator: an alarm for account group ${siteGroupNum} every 20 to 60 s`);
    schedule();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
  });
}
