import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  AccessDenied,
  BooleanInput,
  BulkActionsToolbar,
  BulkDeleteButton,
  DataTable,
  List,
  ResourceContextProvider,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { NewsItem } from '../../../schemas/news.js';
import { failureMessage } from '../providers/errorMessages.js';
import type { NewsCardItem } from './NewsCard.js';
import { newsDocumentUrl } from '../providers/methods/newsMethods.js';
import { NewsPreviewTile } from './NewsPreviewTile.js';
import { NEWS_SETUP_PATH } from './newsRoutes.js';
import { NewsSlideOver } from './NewsSlideOver.js';
import { SlideOverCreateLink } from '../resources/SlideOver.js';
import { slideOverPath } from '../resources/slideOverRoute.js';
import { formatNewsDate, formatOrder, newsTag, TAG_COLORS, truncateBody } from './newsRules.js';

/** 'Search Title or Body' and 'Show Expired' (off by default). */
function filters(search: string) {
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={search} inputProps={{ 'aria-label': search }} />,
    <BooleanInput key="includeExpired" source="includeExpired" label="resources.news.fields.includeExpired" alwaysOn sx={{ ml: 1 }} />,
  ];
}

function Tag({ item }: { item: NewsItem }) {
  const translate = useTranslate();
  const tag = newsTag(item);
  return (
    <Chip
      size="small"
      label={translate(`news.tags.${tag}`)}
      data-tag={tag}
      sx={{ bgcolor: TAG_COLORS[tag], color: '#fff', fontWeight: 600 }}
    />
  );
}

function QuickActions({ item }: { item: NewsItem }) {
  const translate = useTranslate();
  const notify = useNotify();
  const stop = (event: React.MouseEvent) => event.stopPropagation();
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {item.url && (
        <Tooltip title={translate('news.setup.openUrl')}>
          <IconButton
            size="small"
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={stop}
            aria-label={translate('news.setup.openUrl')}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {item.hasDocument && (
        <Tooltip title={translate('news.document.download')}>
          <IconButton
            size="small"
            href={newsDocumentUrl(item.id)}
            download={item.documentName ?? true}
            onClick={(event) => {
              stop(event);
              notify('news.document.downloading', { type: 'info' });
            }}
            aria-label={translate('news.document.download')}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function Actions({ canCreate }: { canCreate: boolean }) {
  const translate = useTranslate();
  return <TopToolbar>{canCreate && <SlideOverCreateLink basePath={NEWS_SETUP_PATH} label={translate('news.setup.create')} />}</TopToolbar>;
}

/**
 * Row selection for multi-delete, drawn here rather than by DataTable: its own
 * row checkbox puts the label on a span (axe: aria-prohibited-attr, label).
 */
function SelectRow({ item }: { item: NewsItem }) {
  const translate = useTranslate();
  const { selectedIds, onToggleItem } = useListContext();
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(item.id)}
      onClick={(event) => {
        event.stopPropagation();
        onToggleItem(item.id);
      }}
      inputProps={{ 'aria-label': translate('news.setup.selectRow', { title: item.title }) }}
    />
  );
}

function SelectPage() {
  const translate = useTranslate();
  const { data = [], selectedIds, onSelect } = useListContext<NewsItem>();
  const ids = data.map((item) => item.id);
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  const some = ids.some((id) => selectedIds.includes(id));
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={some && !all}
      onChange={() => onSelect(all ? selectedIds.filter((id) => !ids.includes(id)) : [...new Set([...selectedIds, ...ids])])}
      inputProps={{ 'aria-label': translate('ra.action.select_all') }}
    />
  );
}

function NewsTable({ onSelect, canEdit, canDelete }: { onSelect: (item: NewsItem) => void; canEdit: boolean; canDelete: boolean }) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <>
      {canDelete && (
        <BulkActionsToolbar>
          <BulkDeleteButton
            mutationMode="pessimistic"
            confirmTitle="news.setup.deleteTitle"
            confirmContent="news.setup.deleteConfirm"
            successMessage="news.messages.deleted"
            mutationOptions={{
              onError: (error: unknown) => {
                notify(failureMessage(error, 'news.messages.deleteManyError'), { type: 'error' });
                refresh();
              },
            }}
          />
        </BulkActionsToolbar>
      )}
      <DataTable<NewsItem>
        id="news-setup"
        aria-label={translate('news.setupTitle')}
        storeKey="news-setup"
        // A row opens its slide-over (/news/setup/:id); without edit rights it only fills the preview tile.
        rowClick={(id, _resource, record) => {
          onSelect(record as NewsItem);
          return canEdit ? slideOverPath(NEWS_SETUP_PATH, { mode: 'edit', id: String(id) }) : false;
        }}
        bulkActionButtons={false}
      >
        {canDelete && (
          <DataTable.Col label={<SelectPage />} disableSort padding="checkbox" render={(item) => <SelectRow item={item as NewsItem} />} />
        )}
        <DataTable.Col source="title" />
        <DataTable.Col source="body" disableSort render={(item) => truncateBody(item.body)} />
        <DataTable.Col source="order" render={(item) => formatOrder(item.order)} />
        <DataTable.Col source="effectiveDate" render={(item) => formatNewsDate(item.effectiveDate, locale)} />
        <DataTable.Col source="expirationDate" render={(item) => formatNewsDate(item.expirationDate, locale)} />
        <DataTable.Col label="news.setup.columns.tags" disableSort render={(item) => <Tag item={item as NewsItem} />} />
        <DataTable.Col label="news.setup.columns.quickActions" disableSort render={(item) => <QuickActions item={item as NewsItem} />} />
      </DataTable>
    </>
  );
}

/**
 * SPEC §2 news setup (application 1): the 'news-setup' table with its search
 * box, 'Show Expired' toggle and live preview tile; default sort by order,
 * descending; no export. A row opens its slide-over (NewsSlideOver: /news/setup/:id),
 * Create opens /news/setup/create.
 */
export function NewsSetup() {
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess: canSetUp, isPending } = useCanAccess({ resource: 'news', action: 'setup' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'news', action: 'edit' });
  const { canAccess: canCreate } = useCanAccess({ resource: 'news', action: 'create' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'news', action: 'delete' });
  const [selected, setSelected] = useState<NewsCardItem>();
  const [live, setLive] = useState<NewsCardItem>();
  const onPreview = useCallback((item: NewsCardItem | undefined) => setLive(item), []);

  if (isPending) return null;
  if (!canSetUp) return <AccessDenied />;

  return (
    <ResourceContextProvider value="news">
      <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
        {translate('news.setupTitle')}
      </Typography>
      {/* Side by side only where the table still has room beside the drawer and the site sidebar. */}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', xl: 'row' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <List
            resource="news"
            title="news.setupTitle"
            filters={filters(translate('resources.news.fields.q'))}
            sort={{ field: 'order', order: 'DESC' }}
            exporter={false}
            // Each visit starts afresh: 'Show Expired' off, no search (SPEC §2).
            storeKey={false}
            disableSyncWithLocation
            // The table scrolls on its own on narrow screens; the toolbar (Create) stays in view.
            sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
            actions={<Actions canCreate={!!canCreate} />}
            empty={false}
            queryOptions={{ onError: (error: unknown) => notify(failureMessage(error, 'news.messages.loadError'), { type: 'error' }) }}
          >
            <NewsTable onSelect={setSelected} canEdit={!!canEdit} canDelete={!!canDelete} />
          </List>
        </Box>
        <Box sx={{ width: { xs: '100%', xl: 360 }, flexShrink: 0, mt: { xl: 8 } }}>
          <NewsPreviewTile item={live ?? selected} />
        </Box>
      </Box>
      <NewsSlideOver onPreview={onPreview} />
    </ResourceContextProvider>
  );
}
