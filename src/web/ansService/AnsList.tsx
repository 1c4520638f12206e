import type { ReactElement, ReactNode } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { List, TopToolbar, useListContext, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { failureMessage } from '../providers/errorMessages.js';
import { EmptyState, ListSkeleton } from '../resources/ListStates.js';
import { SlideOverCreateButton, type SlideOverTexts } from '../resources/SlideOver.js';

/**
 * The parts the answering service's list pages share: the rota, the auto-notify rules and the
 * dated exceptions are records the dealer keeps in the shared slide-over, all of them on one page;
 * the messages are a filtered list. Each page's texts are under `ansService.<area>`.
 */
export type AnsArea = 'onCall' | 'autoNotify' | 'exceptions';
type AnsListArea = AnsArea | 'messages';

/** The slide-over's texts of an area's records. */
export function ansSlideOverTexts(area: AnsArea): SlideOverTexts {
  const key = (name: string) => `ansService.${area}.${name}`;
  return {
    createTitle: key('createTitle'),
    editTitle: key('editTitle'),
    create: key('create'),
    save: key('save'),
    delete: key('delete'),
    close: 'ansService.close',
    deleteTitle: key('deleteTitle'),
    deleteConfirm: key('deleteConfirm'),
    saved: key('saved'),
    deleted: key('deleted'),
    loadError: key('loadError'),
    saveError: key('saveError'),
    deleteError: key('deleteError'),
  };
}

/** 'New …': the slide-over's create form. */
export function AnsCreateButton({ area, resource, basePath }: { area: AnsArea; resource: string; basePath: string }) {
  const translate = useTranslate();
  return <SlideOverCreateButton basePath={basePath} resource={resource} label={translate(`ansService.${area}.new`)} />;
}

/** The designed empty state of an area with no records yet: what they are for, and the way to make one. */
export function AnsEmpty({ area, testId, icon, action }: { area: AnsArea; testId: string; icon: ReactElement; action: ReactElement }) {
  const translate = useTranslate();
  return (
    <EmptyState
      testId={testId}
      icon={icon}
      title={translate(`ansService.${area}.emptyTitle`)}
      text={translate(`ansService.${area}.empty`)}
      action={action}
    />
  );
}

/** A wide table may scroll sideways inside the list, not the page. */
export const ANS_LIST_SX = { '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } };

/** Says a failed load of the list as §8 says it. */
export function useLoadErrorNotice(fallbackKey: string) {
  const notify = useNotify();
  return { onError: (error: unknown) => notify(failureMessage(error, fallbackKey), { type: 'error' }) };
}

/** An area's records, all on one page in the server's own order, with 'New …' in the toolbar. */
export function AnsRecordList<T extends RaRecord>({
  area,
  resource,
  create,
  empty,
  children,
}: {
  area: AnsArea;
  resource: string;
  create: ReactElement;
  /** The list's empty state; false: the children show even when there are no records. */
  empty: ReactElement | false;
  children: ReactNode;
}) {
  const queryOptions = useLoadErrorNotice(`ansService.${area}.loadError`);
  return (
    <List<T>
      resource={resource}
      title={false}
      perPage={100}
      // An empty sort field: the server's own order (by start, name or date), not react-admin's default id.
      sort={{ field: '', order: 'ASC' }}
      pagination={false}
      exporter={false}
      storeKey={`ansService.${area}`}
      disableSyncWithLocation
      actions={<TopToolbar>{create}</TopToolbar>}
      empty={empty}
      sx={ANS_LIST_SX}
      queryOptions={queryOptions}
    >
      {children}
    </List>
  );
}

/** The list's records as a table, or as cards on a phone; a skeleton of `columns` (and `rows`) while they load. */
export function AnsResults({
  area,
  columns,
  rows,
  table,
  cards,
}: {
  area: AnsListArea;
  columns: number;
  rows?: number;
  table: ReactElement;
  cards: ReactElement;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { isPending } = useListContext();
  if (isPending) return <ListSkeleton label={translate(`ansService.${area}.loading`)} columns={columns} rows={rows} />;
  return phone ? cards : table;
}

/** Phones: the list's records as cards, one list item each; `empty` when there are none. */
export function AnsCards<T extends RaRecord>({
  label,
  empty,
  children,
}: {
  label: string;
  empty: ReactElement;
  children: (record: T) => ReactNode;
}) {
  const { data } = useListContext<T>();
  if (!data?.length) return empty;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((record) => (
        <Box component="li" key={record.id} sx={{ mb: 1 }}>
          {children(record)}
        </Box>
      ))}
    </Box>
  );
}
