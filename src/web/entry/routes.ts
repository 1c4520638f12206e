import { lightRoute } from '../login/lightRoute.js';

/** Whether a page path loads the light sign-in app rather than the react-admin portal. */
export const isLightPath = (pathname: string): boolean => lightRoute(pathname) !== undefined;
