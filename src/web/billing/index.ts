import ReceiptIcon from '@mui/icons-material/Receipt';

/**
 * The invoices, each spread into a <Resource> with no page of its own: /billing shows the
 * dealer's (`invoices`) or the customer's (`msa/invoices`), whichever the user is.
 */
export const invoices = { icon: ReceiptIcon, recordRepresentation: 'number' };
