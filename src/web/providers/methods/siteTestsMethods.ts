import type { SiteTest } from '../../../../schemas/tests.js';
import type { httpClient } from '../http.js';

/**
 * Ending a test early is not react-admin's delete: the test stays (ended), and the route takes an
 * optional JSON body ({reason}), so simple-rest's body-less DELETE with its text/plain type is
 * refused (400). Sent without a body or a type, as the dialog always has.
 */
export interface SiteTestsMethods {
  /** `resource` is the audience's tests ('tests' or 'msa/tests'); answers the ended test. */
  endSiteTest(resource: string, id: number): Promise<SiteTest>;
}

export function siteTestsMethods(http: typeof httpClient): SiteTestsMethods {
  return {
    async endSiteTest(resource, id) {
      const { json } = await http(`/api/${resource}/${id}`, { method: 'DELETE' });
      return json as SiteTest;
    },
  };
}
