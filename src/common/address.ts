/** A site's postal address, as the account view answers it (schemas/sites.ts SiteDetail.address). */
export interface PostalAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
}

/** 'Line 1, Line 2, City, ST 12345': how every site list and the account view write an address. */
export function addressDisplay(address: PostalAddress): string {
  return [address.line1, address.line2, address.city].filter(Boolean).join(', ') + `, ${address.state} ${address.postalCode}`;
}
