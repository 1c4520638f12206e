import { describe, expect, it } from 'vitest';
import { initialTopic } from './contactRules.js';

describe('initialTopic', () => {
  it("takes the help menu's topic, else a technical question", () => {
    expect(initialTopic('bug')).toBe('bug');
    expect(initialTopic('feedback')).toBe('feedback');
    expect(initialTopic('nonsense')).toBe('technical');
    expect(initialTopic(null)).toBe('technical');
  });
});
