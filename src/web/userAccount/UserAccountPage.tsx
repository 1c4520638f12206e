import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { useSession } from '../providers/useSession.js';
import { DevicesSection, SessionsSection } from './DeviceSections.js';
import { PasskeySection } from './PasskeySection.js';
import { PreferencesSection, ProfileSection } from './ProfileSections.js';
import { ContactMethodsSection, PasswordSection } from './SecuritySections.js';
import { AuthenticatorSection } from './AuthenticatorSection.js';
import { SupportAccessSection } from './SupportAccessSection.js';
import { LoadFailed } from '../resources/LoadFailed.js';
import { useProfile } from './userAccountQueries.js';

/**
 * /user-account, for every user: name, language and theme; contact methods (a new one
 * counts once its code comes back); password; remembered devices and active sessions. Two columns
 * on a wide screen (who you are, how you sign in), one on a phone. While support acts as the user
 * (impersonation) how the user signs in is not theirs to change, and the server refuses it
 * (stepUp.ts refuseWhileImpersonating): those sections give way to one note.
 */
export function UserAccountPage() {
  const translate = useTranslate();
  const { impersonating } = useSession();
  const { data: profile, error, refetch, isPending } = useProfile();
  if (error) {
    return <LoadFailed error={error} messageKey="userAccount.loadFailed" retryKey="userAccount.retry" onRetry={refetch} />;
  }
  if (isPending || !profile) return <Skeleton variant="rounded" height={320} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
      <Stack spacing={2}>
        <ProfileSection profile={profile} />
        <PreferencesSection profile={profile} />
        {!impersonating && <ContactMethodsSection applicationNum={profile.applicationNum} />}
      </Stack>
      <Stack spacing={2}>
        {impersonating ? (
          <Alert severity="info">{translate('steps.notWhileImpersonating')}</Alert>
        ) : (
          <>
            <PasswordSection />
            <AuthenticatorSection username={profile.username} />
            <PasskeySection />
            <SessionsSection />
            <DevicesSection />
          </>
        )}
        <SupportAccessSection />
      </Stack>
    </Box>
  );
}
