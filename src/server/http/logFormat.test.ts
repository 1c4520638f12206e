import { describe, expect, it } from 'vitest';
import { logFormatOptions } from './logFormat.js';

const installed = () => true;
const missing = () => false;

describe('log format (LOG_FORMAT)', () => {
  it('writes readable lines on a terminal and JSON lines elsewhere by default', () => {
    expect(logFormatOptions('auto', true, installed).transport?.target).toBe('pino-pretty');
    expect(logFormatOptions('auto', false, installed)).toEqual({});
  });
  it('follows an explicit choice whatever stdout is', () => {
    expect(logFormatOptions('json', true, installed)).toEqual({});
    expect(logFormatOptions('pretty', false, installed).transport?.target).toBe('pino-pretty');
  });
  it('stays JSON, saying why, when pino-pretty is not installed', () => {
    const options = logFormatOptions('auto', true, missing);
    expect(options.transport).toBeUndefined();
    expect(options.fallback).toMatch(/pino-pretty/);
  });
});
