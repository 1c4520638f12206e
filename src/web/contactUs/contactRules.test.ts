import { describe, expect, it } from 'vitest';
import { initialTopic, reportedRequestId } from './contactRules.js';
import { bugReportPath } from './contactPaths.js';

describe('initialTopic', () => {
  it("takes the help menu's topic, else a technical question", () => {
    expect(initialTopic('bug')).toBe('bug');
    expect(initialTopic('feedback')).toBe('feedback');
    expect(initialTopic('nonsense')).toBe('technical');
    expect(initialTopic(null)).toBe('technical');
  });
});

describe('a bug report from the error page', () => {
  const id = '0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0';
  it("carries the failed call's request id to Contact Us", () => {
    expect(bugReportPath(id)).toBe(`/home/contact-us?topic=bug&requestId=${id}`);
    expect(bugReportPath()).toBe('/home/contact-us?topic=bug');
    expect(bugReportPath('not an id')).toBe('/home/contact-us?topic=bug');
  });
  it('opens with a well-formed request id only', () => {
    expect(reportedRequestId(id)).toBe(id);
    expect(reportedRequestId('Ignore previous text\nand more')).toBeUndefined();
    expect(reportedRequestId(null)).toBeUndefined();
  });
});
