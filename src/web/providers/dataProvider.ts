import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';

/** The API's base URL: the same origin that served the app. */
export const API_URL = '/api';

/** react-admin's simple-rest provider over the portal API, sending cookies. */
export function createDataProvider() {
  const httpClient = (url: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
  return simpleRestProvider(API_URL, httpClient);
}
