import { useCallback } from 'react';
import { useDataProvider, useRegisterMutationMiddleware, useTranslate } from 'react-admin';
import type { NewsItem } from '../../../schemas/news.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { failureMessage } from '../providers/errorMessages.js';
import { PartialSaveError } from '../resources/SlideOver.js';
import { savePlan, toNewsInput } from './newsRules.js';

type SaveParams = { data: Record<string, unknown>; previousData?: NewsItem; id?: NewsItem['id']; meta?: unknown };
type Save = (resource: string, params: SaveParams) => Promise<{ data: NewsItem }>;

/**
 * SPEC §4 news save, as a mutation middleware of the slide-over's create or update:
 * 'Save creates or updates the item only if the form changed. Then the document is
 * uploaded if a new file was chosen, or deleted if the document name was cleared.' The
 * item is sent with its writable fields only; a failed document step after a stored item
 * is a PartialSaveError (the message beside the document input).
 */
export function useNewsDocumentSave() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const middleware = useCallback(
    async (resource: string, params: SaveParams, next: Save) => {
      const plan = savePlan(params.previousData, params.data);
      let saved = params.previousData;
      if (plan.item !== 'none' || !saved) saved = (await next(resource, { ...params, data: toNewsInput(params.data) })).data;
      try {
        if (plan.document.kind === 'upload') saved = await dataProvider.uploadNewsDocument(saved.id, plan.document.file);
        else if (plan.document.kind === 'delete') saved = await dataProvider.deleteNewsDocument(saved.id);
      } catch (error) {
        const message = translate('news.document.uploadError', { message: translate(failureMessage(error, 'news.messages.saveError')) });
        throw new PartialSaveError(saved.id, message, { documentFile: message });
      }
      return { data: saved };
    },
    [translate, dataProvider],
  );
  useRegisterMutationMiddleware(middleware);
}
