import { CONTACT_TOPICS, type ContactTopic } from '../../../schemas/documents.js';

/** The topic the page opens with: the help menu's ?topic= (bug, feedback) when it is one, else 'technical'. */
export function initialTopic(param: string | null): ContactTopic {
  return (CONTACT_TOPICS as readonly string[]).includes(param ?? '') ? (param as ContactTopic) : 'technical';
}
