import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SECURITY_QUESTIONS } from '../db/seed/demo/users.js';
import { createServerI18n, type ServerI18n } from '../i18n.js';
import { SECURITY_QUESTION_IDS, securityQuestionText, storedSecurityQuestion } from './securityQuestionOptions.js';

describe('security question options', () => {
  let i18n: ServerI18n;
  beforeAll(async () => {
    i18n = await createServerI18n();
  });

  it('offers at least 8 questions, each in English, Spanish and French', () => {
    expect(SECURITY_QUESTION_IDS.length).toBeGreaterThanOrEqual(8);
    for (const lang of ['en', 'es', 'fr']) {
      const texts = SECURITY_QUESTION_IDS.map((id) => securityQuestionText(i18n.forRequest(lang), id));
      expect(new Set(texts).size).toBe(texts.length);
      for (const text of texts) expect(text).not.toMatch(/^steps\./);
    }
  });

  it('stores the English text, whatever the reader language', () => {
    expect(storedSecurityQuestion(i18n.forRequest('fr'), 'firstPet')).toBe('What was the name of your first pet?');
  });

  it('shows a stored question in the reader language, the demo data too, and unknown text as stored', () => {
    const es = i18n.forRequest('es');
    expect(securityQuestionText(es, storedSecurityQuestion(es, 'birthCity'))).toBe('¿En qué ciudad nació?');
    for (const { question } of DEMO_SECURITY_QUESTIONS) expect(securityQuestionText(es, question)).toMatch(/^¿/);
    expect(securityQuestionText(es, 'Name of my boat?')).toBe('Name of my boat?');
  });
});
