import { addressDisplay, type PostalAddress } from '../../common/address.js';

/** A site's postal address columns, as every site list and the account view select them. */
export const siteAddressColumns = ['sites.address_line1', 'sites.address_line2', 'sites.city', 'sites.state', 'sites.postal_code'] as const;

/** What siteAddressColumns select. */
export interface SiteAddressRow {
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  postal_code: string;
}

/** A site row's address, as the API answers it. */
export function rowAddress(site: SiteAddressRow): PostalAddress {
  return { line1: site.address_line1, line2: site.address_line2, city: site.city, state: site.state, postalCode: site.postal_code };
}

/** A site row's address as every list writes it (common/address.ts). */
export function rowAddressDisplay(site: SiteAddressRow): string {
  return addressDisplay(rowAddress(site));
}
