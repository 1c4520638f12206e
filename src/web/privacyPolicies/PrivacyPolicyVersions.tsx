import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import PolicyIcon from '@mui/icons-material/Policy';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, List, useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { PrivacyPolicyVersion } from '../../../schemas/privacyPolicy.js';
import { PolicyMarkdown } from '../privacy/PolicyMarkdown.js';
import { failureMessage } from '../providers/errorMessages.js';
import { EmptyState, ListSkeleton } from '../resources/ListStates.js';
import { Fact, FactList, RecordDrawer } from '../resources/RecordDrawer.js';
import { formatPublishedAt, PRIVACY_POLICIES, PRIVACY_POLICY_PATH, publisherName, versionPath } from './privacyPolicyRules.js';

function PublishedAt({ iso }: { iso: string }) {
  const [locale = 'en'] = useLocaleState();
  return <time dateTime={iso}>{formatPublishedAt(iso, locale)}</time>;
}

/** The version's number, a link that opens it (the table's keyboard way in), 'Current' beside the latest. */
function VersionLink({ version, latestId }: { version: PrivacyPolicyVersion; latestId?: number }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <Box
        component={RouterLink}
        to={versionPath(version.id)}
        onClick={(e: React.MouseEvent) => e.stopPropagation()}
        sx={{ color: 'primary.main', fontWeight: 600 }}
      >
        {translate('privacyPolicies.versionNumber', { version: version.version })}
      </Box>
      {version.id === latestId && <Chip size="small" color="success" variant="outlined" label={translate('privacyPolicies.current')} />}
    </Box>
  );
}

function VersionsEmpty() {
  const translate = useTranslate();
  return (
    <EmptyState
      testId="privacy-policies-empty"
      icon={<PolicyIcon />}
      title={translate('privacyPolicies.empty.title')}
      text={translate('privacyPolicies.empty.text')}
    />
  );
}

function VersionsTable({ latestId }: { latestId?: number }) {
  const translate = useTranslate();
  const { isPending, error } = useListContext<PrivacyPolicyVersion>();
  if (isPending) return <ListSkeleton label={translate('privacyPolicies.loadingVersions')} columns={3} rows={3} />;
  if (error) return <Alert severity="error">{translate('privacyPolicies.errors.loadVersions')}</Alert>;
  const unknown = translate('privacyPolicies.unknownPublisher');
  return (
    <DataTable<PrivacyPolicyVersion>
      aria-label={translate('privacyPolicies.versions')}
      rowClick={(id) => versionPath(id)}
      bulkActionButtons={false}
      empty={<VersionsEmpty />}
      sx={{ '& td, & th': { px: 1.5 } }}
    >
      <DataTable.Col source="version" render={(v) => <VersionLink version={v as PrivacyPolicyVersion} latestId={latestId} />} />
      <DataTable.Col source="publishedAt" disableSort render={(v) => <PublishedAt iso={(v as PrivacyPolicyVersion).publishedAt} />} />
      <DataTable.Col source="publishedBy" disableSort render={(v) => publisherName(v as PrivacyPolicyVersion, unknown)} />
    </DataTable>
  );
}

/** Newest first, ten a page; a row (or its number) opens the version read-only. */
export function PrivacyPolicyVersions({ latestId }: { latestId?: number }) {
  const notify = useNotify();
  return (
    <List<PrivacyPolicyVersion>
      resource={PRIVACY_POLICIES}
      title={false}
      sort={{ field: 'version', order: 'DESC' }}
      perPage={10}
      exporter={false}
      storeKey={false}
      disableSyncWithLocation
      actions={false}
      empty={false}
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
      queryOptions={{
        onError: (error: unknown) => notify(failureMessage(error, 'privacyPolicies.errors.loadVersions'), { type: 'error' }),
      }}
    >
      <VersionsTable latestId={latestId} />
    </List>
  );
}

/** One version read-only, in the drawer the address opens (/privacy-policy/:id): when, by whom, and its text as users saw it. */
export function PrivacyPolicyVersionDrawer() {
  const translate = useTranslate();
  const unknown = translate('privacyPolicies.unknownPublisher');
  return (
    <RecordDrawer<PrivacyPolicyVersion>
      resource={PRIVACY_POLICIES}
      basePath={PRIVACY_POLICY_PATH}
      width={720}
      testId="privacy-policy-version"
      title={(id, record) => translate('privacyPolicies.versionNumber', { version: record?.version ?? id ?? '' })}
      texts={{
        close: translate('privacyPolicies.close'),
        loading: translate('privacyPolicies.loadingVersion'),
        loadError: translate('privacyPolicies.errors.loadVersion'),
      }}
    >
      {(version) => (
        <>
          <FactList>
            <Fact label={translate('resources.privacyPolicies.fields.publishedAt')}>
              <PublishedAt iso={version.publishedAt} />
            </Fact>
            <Fact label={translate('resources.privacyPolicies.fields.publishedBy')}>{publisherName(version, unknown)}</Fact>
          </FactList>
          <Divider sx={{ my: 2 }} />
          {/* The list gives the record without its text first (react-admin seeds it); the text follows. */}
          {version.policyText === undefined ? (
            <Box role="status" aria-label={translate('privacyPolicies.loadingVersion')}>
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" />
              <Skeleton variant="text" />
            </Box>
          ) : (
            <PolicyMarkdown text={version.policyText} />
          )}
        </>
      )}
    </RecordDrawer>
  );
}
