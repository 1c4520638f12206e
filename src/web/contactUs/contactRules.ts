import { CONTACT_TOPICS, type ContactTopic } from '../../../schemas/documents.js';
import { isWellFormedRequestId } from '../../common/requestId.js';

/** The topic the page opens with: the help menu's ?topic= (bug, feedback) when it is one, else 'technical'. */
export function initialTopic(param: string | null): ContactTopic {
  return (CONTACT_TOPICS as readonly string[]).includes(param ?? '') ? (param as ContactTopic) : 'technical';
}

/** The request id a bug report opens with (?requestId=), when it is one; anything else is ignored. */
export function reportedRequestId(param: string | null): string | undefined {
  return isWellFormedRequestId(param) ? param : undefined;
}
