import { describe, expect, it } from 'vitest';
import { proofNeeded, STEP_UP_WINDOW_MS } from './stepUp.js';

const now = new Date('2026-11-23T12:00:00Z');

describe('proofNeeded (sensitive changes)', () => {
  it('asks nothing for a step the sign-in still requires', () => {
    expect(proofNeeded({ pendingStep: true, codeVerifiedAt: null, now })).toBe(false);
  });
  it('asks for the password without a recent code', () => {
    expect(proofNeeded({ pendingStep: false, codeVerifiedAt: null, now })).toBe(true);
    expect(proofNeeded({ pendingStep: false, codeVerifiedAt: new Date(now.getTime() - STEP_UP_WINDOW_MS), now })).toBe(true);
  });
  it('takes a code verified within the last few minutes', () => {
    expect(proofNeeded({ pendingStep: false, codeVerifiedAt: new Date(now.getTime() - STEP_UP_WINDOW_MS + 1000), now })).toBe(false);
  });
  it('does not take a code dated in the future', () => {
    expect(proofNeeded({ pendingStep: false, codeVerifiedAt: new Date(now.getTime() + 1000), now })).toBe(true);
  });
});
