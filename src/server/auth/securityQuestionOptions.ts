import type { TFunction } from 'i18next';

/**
 * The questions a user chooses from when updating security questions (SPEC §2
 * securityQuestions step, §7 'Update security questions'). A user keeps
 * {@link SECURITY_QUESTION_COUNT} distinct ones. The API names an option by its
 * id; `user_security_questions.question` stores its English text (as the demo
 * data does, so recovery can show and match it as stored), and
 * {@link securityQuestionText} gives it in the reader's language.
 */
export const SECURITY_QUESTION_COUNT = 3;

export const SECURITY_QUESTION_IDS = [
  'firstPet',
  'birthCity',
  'firstCar',
  'childhoodStreet',
  'elementarySchool',
  'childhoodFriend',
  'firstJob',
  'parentsMet',
  'favoriteTeacher',
  'firstConcert',
] as const;
export type SecurityQuestionId = (typeof SECURITY_QUESTION_IDS)[number];

export function isSecurityQuestionId(value: string): value is SecurityQuestionId {
  return (SECURITY_QUESTION_IDS as readonly string[]).includes(value);
}

export function securityQuestionKey(id: SecurityQuestionId): string {
  return `steps.securityQuestions.options.${id}`;
}

/** The text stored for an option: its English wording. */
export function storedSecurityQuestion(t: TFunction, id: SecurityQuestionId): string {
  return t(securityQuestionKey(id), { lng: 'en' });
}

/**
 * The text of a stored question in the reader's language: an option id is
 * translated; a question stored as English text that is one of the options
 * (the demo data) is translated too; any other text is shown as stored.
 */
export function securityQuestionText(t: TFunction, stored: string): string {
  if (isSecurityQuestionId(stored)) return t(securityQuestionKey(stored));
  const english = SECURITY_QUESTION_IDS.find((id) => storedSecurityQuestion(t, id) === stored);
  return english ? t(securityQuestionKey(english)) : stored;
}
