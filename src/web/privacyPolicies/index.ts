import { createElement } from 'react';
import PolicyIcon from '@mui/icons-material/Policy';
import { Navigate, useParams } from 'react-router-dom';
import { PRIVACY_POLICY_PATH, versionPath } from './privacyPolicyRules.js';

/** The resource's own routes (/privacyPolicies, /privacyPolicies/:id: react-admin's links) lead to the page and its version. */
function PrivacyPoliciesRedirect() {
  const { '*': rest = '' } = useParams();
  const id = rest.split('/')[0];
  return createElement(Navigate, { to: id ? versionPath(id) : PRIVACY_POLICY_PATH, replace: true });
}

/**
 * The privacy policy's versions, spread into <Resource name="privacyPolicies">. Editors read and
 * publish them on /privacy-policy (PrivacyPolicyPage.tsx, a custom route of App.tsx reached from
 * the Help menu); a version opens read-only on /privacy-policy/:id.
 */
export const privacyPolicies = {
  list: PrivacyPoliciesRedirect,
  icon: PolicyIcon,
  recordRepresentation: 'version',
};
