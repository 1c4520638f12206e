import { useMemo, type ReactElement, type ReactNode } from 'react';
import { List, ResourceContextProvider, TopToolbar, useTranslate } from 'react-admin';
import { EmptyState } from '../resources/ListStates.js';
import { LIST_SX, ListSection, useLoadErrorNotice } from '../resources/ResourceList.js';
import { SlideOver, SlideOverCreateButton, slideOverTexts, type SlideOverProps } from '../resources/SlideOver.js';

/**
 * The parts the answering service's record pages share: the rota, the auto-notify rules and the
 * dated exceptions are records the dealer keeps in the shared slide-over, all of them on one page.
 * Each page's texts are under `ansService.<area>`.
 */
export type AnsArea = 'onCall' | 'autoNotify' | 'exceptions';

/** Where an area's records live: their resource and their page (the slide-over's routes start there). */
export interface AnsPlace {
  area: AnsArea;
  resource: string;
  basePath: string;
}

/** 'New …': the slide-over's create form. */
function AnsCreateButton({ area, resource, basePath }: AnsPlace) {
  const translate = useTranslate();
  return <SlideOverCreateButton basePath={basePath} resource={resource} label={translate(`ansService.${area}.new`)} />;
}

/** The designed empty state of an area with no records yet: what they are for, and the way to make one. */
export function AnsEmpty({ testId, icon, ...place }: AnsPlace & { testId: string; icon: ReactElement }) {
  const translate = useTranslate();
  return (
    <EmptyState
      testId={testId}
      icon={icon}
      title={translate(`ansService.${place.area}.emptyTitle`)}
      text={translate(`ansService.${place.area}.empty`)}
      action={<AnsCreateButton {...place} />}
    />
  );
}

/**
 * An area's page: its intro, its records all on one page in the server's own order with 'New …' in
 * the toolbar, and their create and edit forms in the shared slide-over (texts `ansService.<area>.*`).
 */
export function AnsRecordsPage({
  introArgs,
  empty,
  children,
  form,
  inputs,
  ...place
}: AnsPlace & {
  introArgs?: Record<string, unknown>;
  /** The list's empty state; false: the children show even when there are no records. */
  empty: ReactElement | false;
  children: ReactNode;
  form: Omit<SlideOverProps, 'basePath' | 'resource' | 'texts' | 'children'>;
  /** The form's inputs. */
  inputs: ReactNode;
}) {
  const { area, resource, basePath } = place;
  const queryOptions = useLoadErrorNotice(`ansService.${area}.loadError`);
  const texts = useMemo(() => slideOverTexts(`ansService.${area}`, 'ansService.close'), [area]);
  return (
    <ResourceContextProvider value={resource}>
      <ListSection ns={`ansService.${area}`} introArgs={introArgs}>
        <List
          resource={resource}
          title={false}
          perPage={100}
          // An empty sort field: the server's own order (by start, name or date), not react-admin's default id.
          sort={{ field: '', order: 'ASC' }}
          pagination={false}
          exporter={false}
          storeKey={`ansService.${area}`}
          disableSyncWithLocation
          actions={
            <TopToolbar>
              <AnsCreateButton {...place} />
            </TopToolbar>
          }
          empty={empty}
          sx={LIST_SX}
          queryOptions={queryOptions}
        >
          {children}
        </List>
      </ListSection>
      <SlideOver resource={resource} basePath={basePath} texts={texts} {...form}>
        {inputs}
      </SlideOver>
    </ResourceContextProvider>
  );
}
