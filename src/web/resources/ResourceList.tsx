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

export interface ResourceListProps<R extends RaRecord> extends Pick<
  ListProps<R>,
  'resource' | 'filters' | 'sort' | 'actions' | 'disableSyncWithLocation' | 'filterDefaultValues'
> {
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
  /** The desktop table's columns, labelled `<ns>.columns.<name>`. */
  columns: readonly Column<R>[];
  rowClick?: DataTableProps<R>['rowClick'];
  rowSx?: DataTableProps<R>['rowSx'];
  /** A record on a phone, inside its card: the list is cards there, a table from the `sm` breakpoint. */
  card(record: R): ReactNode;
  /** Where a card leads (the whole card is the link) and its accessible name. */
  cardLink?: (record: R) => { to: string; label: string };
  cardSx?: (record: R) => SxProps<Theme> | undefined;
  cardTestId: string;
  /** The designed empty state (ListEmpty or EmptyState), also shown when the filters keep nothing. */
  empty: ReactElement;
  skeletonColumns: number;
  /** After the list: the record's drawer, dialogs. */
  children?: ReactNode;
}

function RecordCard<R extends RaRecord>({ record, card, cardLink, cardSx, cardTestId }: { record: R } & ResourceListProps<R>) {
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

function Rows<R extends RaRecord>(props: ResourceListProps<R>) {
  const { ns, columns, rowClick, rowSx, empty, skeletonColumns, notice } = props;
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending } = useListContext<R>();
  if (isPending) return <ListSkeleton label={translate(`${ns}.loading`)} columns={skeletonColumns} />;
  const label = translate(`${ns}.tableLabel`);
  let rows: ReactNode;
  if (!phone) {
    rows = (
      <DataTable<R>
        sx={{ '& thead th': { whiteSpace: 'nowrap' }, '& td': { verticalAlign: 'top' }, '& td, & th': { px: 1.5 } }}
        rowSx={rowSx}
        aria-label={label}
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
  } else if (!data?.length) {
    rows = empty;
  } else {
    rows = (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((record) => (
          <Box component="li" key={record.id} sx={{ mb: 1 }}>
            <RecordCard record={record} {...props} />
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <>
      {notice}
      {rows}
    </>
  );
}

/**
 * The one list of an entity (ARCHITECTURE: the resource template): the intro, react-admin's `List`
 * with its filters, sort and pages, a table on a desktop and cards on a phone, the designed empty
 * state, a skeleton while it loads, and §8's message when loading fails.
 */
export function ResourceList<R extends RaRecord>(props: ResourceListProps<R>) {
  const { ns, header, children, resource, filters, sort, actions, disableSyncWithLocation, filterDefaultValues } = props;
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Box component="section" aria-label={translate(`${ns}.heading`)}>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 820 }}>
        {translate(`${ns}.intro`)}
      </Typography>
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
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
        queryOptions={{ onError: (error: unknown) => notify(failureMessage(error, `${ns}.loadError`), { type: 'error' }) }}
      >
        <Rows<R> {...props} />
      </List>
      {children}
    </Box>
  );
}
