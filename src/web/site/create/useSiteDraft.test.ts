import { describe, expect, it } from 'vitest';
import { emptyValues } from './siteCreateForm.js';
import { withoutPasscodes } from './useSiteDraft.js';

describe("the tab's copy of a draft", () => {
  it('keeps everything typed but the passcodes (the server keeps those, sealed)', () => {
    const values = { ...emptyValues(), passcodes: [{ name: 'Owner', passcode: '7391', isDuress: false }] };
    values.account.siteName = 'Draft Deli';
    const copy = withoutPasscodes(values);
    expect(copy).not.toHaveProperty('passcodes');
    expect(JSON.stringify(copy)).not.toContain('7391');
    expect(copy.account.siteName).toBe('Draft Deli');
  });
});
