import type { ReactElement, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, List, useListContext, useNotify, useTranslate, type DataTableProps, type ListProps, type RaRecord } from 'react-admin';
import { failureMessage } from '../providers/errorMessages.js';
import { ListSkeleton } from './ListStates.js';

/** A column of the desktop table: sortable when it names the record's `source` field. */
export interface Column<R> {
  name: string;
  source?: string;
  render(record: R): ReactNode;
}

/** A wide table may scroll sideways inside the list, not the page. */
export const LIST_SX = { '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } };

/** Says a failed load of a list as §8 says it: the list's `queryOptions`. */
export function useLoadErrorNotice(fallbackKey: string) {
  const notify = useNotify();
  return { onError: (error: unknown) => notify(failureMessage(error, fallbackKey), { type: 'error' }) };
}

/** The section a list page is, named `<ns>.heading`, with `<ns>.intro` above what it holds. */
export function ListSection({ ns, introArgs, children }: { ns: string; introArgs?: Record<string, unknown>; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(`${ns}.heading`)}>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 820 }}>
        {translate(`${ns}.intro`, introArgs)}
      </Typography>
      {children}
    </Box>
  );
}

interface ColumnsTableProps<R extends RaRecord> {
  /** The namespace of the table's texts: its name `<ns>.tableLabel`, its columns `<ns>.columns.<name>`. */
  ns: string;
  columns: readonly Column<R>[];
  rowClick?: DataTableProps<R>['rowClick'];
  rowSx?: DataTableProps<R>['rowSx'];
  empty: ReactElement;
}

/** The desktop table of a list's records, one column each. */
function ColumnsTable<R extends RaRecord>({ ns, columns, rowClick, rowSx, empty }: ColumnsTableProps<R>) {
  const translate = useTranslate();
  return (
    <DataTable<R>
      sx={{ '& thead th': { whiteSpace: 'nowrap' }, '& td': { verticalAlign: 'top' }, '& td, & th': { px: 1.5 } }}
      rowSx={rowSx}
      aria-label={translate(`${ns}.tableLabel`)}
      rowClick={rowClick ?? false}
      bulkActionButtons={false}
      empty={empty}
    >
      {columns.map(({ name, source, render }) => (
        <DataTable.Col
          key={name}
          source={source}
          label={`${ns}.columns.${name}`}
          disableSort={!source}
          render={(record) => render(record as R)}
        />
      ))}
    </DataTable>
  );
}

interface RecordCardsProps<R extends RaRecord> {
  /** The list's accessible name. */
  label: string;
  /** A record on a phone, inside its card. */
  card(record: R): ReactNode;
  /** Where a card leads (the whole card is the link) and its accessible name. */
  cardLink?: (record: R) => { to: string; label?: string };
  cardSx?: (record: R) => SxProps<Theme> | undefined;
  cardTestId?: string;
  /** Shown instead when there are no records. */
  empty: ReactElement;
}

function RecordCard<R extends RaRecord>({ record, card, cardLink, cardSx, cardTestId }: { record: R } & RecordCardsProps<R>) {
  const content = <CardContent sx={{ pb: '12px !important' }}>{card(record)}</CardContent>;
  const link = cardLink?.(record);
  return (
    <Card variant="outlined" data-testid={cardTestId} sx={cardSx?.(record)}>
      {link ? (
        <CardActionArea component={RouterLink} to={link.to} aria-label={link.label}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** Phones: the list's records as cards, one list item each. */
function RecordCards<R extends RaRecord>(props: RecordCardsProps<R>) {
  const { data } = useListContext<R>();
  if (!data?.length) return props.empty;
  return (
    <Box component="ul" aria-label={props.label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((record) => (
        <Box component="li" key={record.id} sx={{ mb: 1 }}>
          <RecordCard record={record} {...props} />
        </Box>
      ))}
    </Box>
  );
}

interface ListResultsProps<R extends RaRecord> extends ColumnsTableProps<R>, Omit<RecordCardsProps<R>, 'label'> {
  skeletonColumns: number;
  skeletonRows?: number;
}

/**
 * A list's records inside its ListContext: a table from the `sm` breakpoint, cards on a phone, and a
 * skeleton (named `<ns>.loading`) while they load.
 */
export function ListResults<R extends RaRecord>(props: ListResultsProps<R>) {
  const { ns, skeletonColumns, skeletonRows } = props;
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { isPending } = useListContext<R>();
  if (isPending) return <ListSkeleton label={translate(`${ns}.loading`)} columns={skeletonColumns} rows={skeletonRows} />;
  return phone ? <RecordCards<R> label={translate(`${ns}.tableLabel`)} {...props} /> : <ColumnsTable<R> {...props} />;
}

export interface ResourceListProps<R extends RaRecord>
  extends
    Pick<ListProps<R>, 'resource' | 'filters' | 'sort' | 'actions' | 'disableSyncWithLocation' | 'filterDefaultValues'>,
    ListResultsProps<R> {
  /**
   * The namespace of the list's texts in the locale files: `<ns>.heading` (the section's name),
   * `<ns>.intro`, `<ns>.loading`, `<ns>.tableLabel`, `<ns>.loadError`; the saved filters and sort go
   * under `<ns>.list`.
   */
  ns: string;
  /** Under the intro, outside the list (more explanation, counts, a read-only notice). */
  header?: ReactNode;
  /** Inside the list, above the rows (a notice that reads the list, such as a capped total). */
  notice?: ReactNode;
  /** The designed empty state (ListEmpty or EmptyState), also shown when the filters keep nothing. */
  empty: ReactElement;
  /** After the list: the record's drawer, dialogs. */
  children?: ReactNode;
}

/**
 * The one list of an entity (ARCHITECTURE: the resource template): the intro, react-admin's `List`
 * with its filters, sort and pages, a table on a desktop and cards on a phone, the designed empty
 * state, a skeleton while it loads, and §8's message when loading fails.
 */
export function ResourceList<R extends RaRecord>(props: ResourceListProps<R>) {
  const { ns, header, notice, children, resource, filters, sort, actions, disableSyncWithLocation, filterDefaultValues } = props;
  const queryOptions = useLoadErrorNotice(`${ns}.loadError`);
  return (
    <ListSection ns={ns}>
      {header}
      <List<R>
        resource={resource}
        title={false}
        filters={filters}
        filterDefaultValues={filterDefaultValues}
        sort={sort}
        perPage={25}
        exporter={false}
        storeKey={`${ns}.list`}
        disableSyncWithLocation={disableSyncWithLocation}
        actions={actions ?? false}
        empty={false}
        sx={LIST_SX}
        queryOptions={queryOptions}
      >
        {notice}
        <ListResults<R> {...props} />
      </List>
      {children}
    </ListSection>
  );
}
