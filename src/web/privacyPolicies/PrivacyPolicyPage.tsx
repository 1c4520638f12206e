import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  Confirm,
  Form,
  ResourceContextProvider,
  Title,
  useCanAccess,
  useCreate,
  useGetList,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { privacyPolicyUpdateSchema, type PrivacyPolicyVersion } from '../../../schemas/privacyPolicy.js';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import { failureMessage } from '../providers/errorMessages.js';
import { PrivacyPolicyInputs } from './PrivacyPolicyInputs.js';
import { PRIVACY_POLICIES, startingText } from './privacyPolicyRules.js';
import { PrivacyPolicyVersionDrawer, PrivacyPolicyVersions } from './PrivacyPolicyVersions.js';

const validate = lazySchemaValidator(privacyPolicyUpdateSchema);
const NEWEST = { pagination: { page: 1, perPage: 1 }, sort: { field: 'version', order: 'DESC' as const } };

/**
 * The publish form, starting from the text it was given. Publish asks first (users will be asked
 * to accept the new version at their next sign-in); a failed publish says why and keeps the text.
 */
function PublishForm({ startText, onPublished }: { startText: string; onPublished: (created: PrivacyPolicyVersion) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate<PrivacyPolicyVersion>();
  const [asking, setAsking] = useState<string>();
  const [error, setError] = useState<string>();

  const publish = async () => {
    if (asking === undefined) return;
    setError(undefined);
    try {
      const created = await create(PRIVACY_POLICIES, { data: { policyText: asking } }, { returnPromise: true });
      if (!created) return;
      notify('privacyPolicies.published', { type: 'success', messageArgs: { version: created.version } });
      onPublished(created);
    } catch (e) {
      // The server's text (SPEC §8), else the default; the form is left as it was.
      setError(translate(failureMessage(e, 'privacyPolicies.errors.publish')));
    } finally {
      setAsking(undefined);
    }
  };

  return (
    <Form
      defaultValues={{ policyText: startText }}
      validate={validate}
      mode="onChange"
      reValidateMode="onChange"
      noValidate
      sanitizeEmptyValues={false}
      onSubmit={(values: { policyText?: string }) => setAsking(values.policyText ?? '')}
    >
      <PrivacyPolicyInputs />
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="privacy-policy-publish-error">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, flexWrap: 'wrap' }}>
        <FormSubmitButton label="privacyPolicies.publish" />
        <Typography variant="body2" color="text.secondary">
          {translate('privacyPolicies.publishHint')}
        </Typography>
      </Box>
      <Confirm
        isOpen={asking !== undefined}
        loading={isPending}
        title="privacyPolicies.confirm.title"
        content="privacyPolicies.confirm.text"
        confirm="privacyPolicies.confirm.publish"
        cancel="privacyPolicies.confirm.cancel"
        onConfirm={() => void publish()}
        onClose={() => setAsking(undefined)}
      />
    </Form>
  );
}

/**
 * The editor's side: the latest version's text loads into the form, which keeps what was typed
 * until a publish of its own (another editor's publish does not reset it).
 */
function PublishPanel({
  latestId,
  listed,
  listError,
  retry,
}: {
  latestId?: number;
  listed: boolean;
  listError: boolean;
  retry: () => void;
}) {
  const translate = useTranslate();
  const latest = useGetOne<PrivacyPolicyVersion>(PRIVACY_POLICIES, { id: latestId ?? 0 }, { enabled: latestId !== undefined });
  const ready = startingText(latestId === undefined ? undefined : (latest.data ?? {}), listed);
  const [start, setStart] = useState<{ key: string; text: string }>();
  // Taken once, as the text arrives (React's state adjusted while rendering, no effect): later loads do not replace what was typed.
  if (!start && ready !== undefined) setStart({ key: String(latestId ?? 'none'), text: ready });

  if (listError || latest.error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => (listError ? retry() : void latest.refetch())}>
            {translate('privacyPolicies.retry')}
          </Button>
        }
      >
        {translate('privacyPolicies.errors.loadLatest')}
      </Alert>
    );
  }
  if (!start) {
    return (
      <Box role="status" aria-label={translate('privacyPolicies.loadingLatest')} data-testid="privacy-policy-form-skeleton">
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  return (
    <PublishForm
      key={start.key}
      startText={start.text}
      onPublished={(created) => setStart({ key: String(created.id), text: created.policyText ?? '' })}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * /privacy-policy (access table `privacyPolicies`: application 1 with canEdit; App.tsx gates the
 * route): the policy as markdown with its preview, published as a new version after a confirmation
 * (every user accepts it at their next sign-in, SPEC §4), and the versions, newest first, each
 * readable on /privacy-policy/:id.
 */
export function PrivacyPolicyPage() {
  const translate = useTranslate();
  const { canAccess: canPublish } = useCanAccess({ resource: PRIVACY_POLICIES, action: 'create' });
  const newest = useGetList<PrivacyPolicyVersion>(PRIVACY_POLICIES, NEWEST);
  const latestId = newest.data?.[0]?.id;
  return (
    <ResourceContextProvider value={PRIVACY_POLICIES}>
      <Title title={translate('privacyPolicies.title')} />
      <Box sx={{ maxWidth: 1400 }}>
        <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
          {translate('privacyPolicies.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 820 }}>
          {translate('privacyPolicies.intro')}
        </Typography>
        {canPublish && (
          <Section title={translate('privacyPolicies.newVersion')}>
            <PublishPanel latestId={latestId} listed={newest.isSuccess} listError={!!newest.error} retry={() => void newest.refetch()} />
          </Section>
        )}
        <Section title={translate('privacyPolicies.versions')}>
          <PrivacyPolicyVersions latestId={latestId} />
        </Section>
      </Box>
      <PrivacyPolicyVersionDrawer />
    </ResourceContextProvider>
  );
}
