import { describe, expect, it } from 'vitest';
import { fewRecoveryCodesLeft } from './recoveryCodes.js';

describe('recovery codes left', () => {
  it('suggests new recovery codes when three or fewer are left', () => {
    expect(fewRecoveryCodesLeft(4)).toBe(false);
    expect(fewRecoveryCodesLeft(3)).toBe(true);
    expect(fewRecoveryCodesLeft(0)).toBe(true);
  });
});
