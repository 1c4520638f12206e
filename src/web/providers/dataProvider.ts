import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './http.js';

/** The API's base URL: the same origin that served the app. */
const API_URL = '/api';

/** react-admin's simple-rest provider over the portal API. */
export function createDataProvider() {
  return simpleRestProvider(API_URL, httpClient);
}
