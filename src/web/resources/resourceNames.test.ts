import { describe, expect, it } from 'vitest';
import { ACCESS_TABLE } from '../../common/access.js';
import { RESOURCE_NAMES, accessResource, apiPath, resourceGate, resourcePath, type ResourceName } from './resourceNames.js';

const NAMES = Object.keys(RESOURCE_NAMES) as ResourceName[];

describe('the registered resources (resourceNames.ts)', () => {
  it('map a page to its API path and its access entry', () => {
    expect(apiPath('ans-service/on-call')).toBe('onCall');
    expect(accessResource('ans-service/on-call')).toBe('onCall');
    expect(apiPath('ans-service/temp-business-hours')).toBe('businessHours/exceptions');
    expect(accessResource('ans-service/temp-business-hours')).toBe('businessHours');
    expect(apiPath('reports/inbox')).toBe('reportRuns');
    expect(apiPath('account-group/users')).toBe('users');
    expect(accessResource('marketing')).toBe('marketing');
    expect(apiPath('marketing')).toBe('documents');
    expect(resourcePath('ans-service/on-call')).toBe('/ans-service/on-call');
    expect(resourceGate('change-requests')).toEqual({ resource: 'changeRequests', action: 'list' });
  });
  it('leave any other name as it is (the API paths and entries pages name themselves)', () => {
    for (const name of ['onCall', 'msaContacts', 'reportRuns', 'businessHours', 'toString', 'constructor']) {
      expect(apiPath(name)).toBe(name);
      expect(accessResource(name)).toBe(name);
    }
  });
  it('each names an entry of the access table', () => {
    for (const name of NAMES) expect(Object.keys(ACCESS_TABLE), name).toContain(RESOURCE_NAMES[name].access);
  });
  it('a name that is also an access entry keeps that entry, so a check naming the entry means what it did', () => {
    for (const name of NAMES.filter((n) => n in ACCESS_TABLE)) expect(accessResource(name), name).toBe(name);
  });
});
