import ScienceIcon from '@mui/icons-material/Science';

/** Tests of an account (place on test, the spec's "No Action" state), spread into a <Resource> with no page of its own: the account pages show them. */
export const tests = { icon: ScienceIcon, recordRepresentation: 'siteName' };
