import { createRequire } from 'node:module';
import type { LogFormat } from '../config.js';

/** Whether pino-pretty can be loaded (it is a development tool: production installs may lack it). */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * How log lines are written (LOG_FORMAT): readable lines through pino-pretty for `pretty`, and for
 * `auto` when stdout is a terminal (`npm start` in a shell); JSON lines otherwise (a service
 * manager, a container, a pipe), as log collectors expect. Readable lines need pino-pretty
 * installed; without it the lines stay JSON and `fallback` says why.
 */
export function logFormatOptions(
  format: LogFormat,
  isTerminal: boolean,
  installed: () => boolean = prettyInstalled,
): { transport?: { target: string; options: object }; fallback?: string } {
  const wanted = format === 'pretty' || (format === 'auto' && isTerminal);
  if (!wanted) return {};
  if (!installed()) return { fallback: 'readable log lines need pino-pretty (npm install pino-pretty): writing JSON lines' };
  return {
    transport: {
      target: 'pino-pretty',
      options: { colorize: isTerminal, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
