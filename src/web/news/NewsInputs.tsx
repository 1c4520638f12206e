import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { newsItemInputSchema, newsUi } from '../../../schemas/news.js';
import { SchemaForm, type SchemaFormSlot } from '../forms/SchemaForm.js';
import { SchemaInput } from '../forms/SchemaInput.js';
import type { LaidOutField } from '../forms/schemaLayout.js';
import { DocumentInput } from './DocumentInput.js';
import type { NewsCardItem } from './NewsCard.js';
import { NewsPreviewTile } from './NewsPreviewTile.js';
import { NewsItemIcon } from './newsVisuals.js';
import { useNewsDocumentSave } from './useNewsDocumentSave.js';

type Choice = { id: string | number; name: string };

function OptionWithIcon({ choice, icon, color }: { choice: Choice; icon: string; color: string | null }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <NewsItemIcon icon={icon} color={color} fontSize="small" />
      {choice.name}
    </Box>
  );
}

/** A select of the schema's options, each drawn with the icon it gives (the icon and colour pickers). */
function PickerInput({ field, kind }: { field: LaidOutField; kind: 'icon' | 'color' }) {
  const translate = useTranslate();
  return (
    <SchemaInput
      schema={newsItemInputSchema}
      source={field.source}
      label={field.label}
      optionLabel={field.optionLabel}
      emptyText={field.emptyLabel ? translate(field.emptyLabel) : undefined}
      optionText={(choice) =>
        kind === 'icon' ? (
          <OptionWithIcon choice={choice} icon={String(choice.id)} color={null} />
        ) : (
          <OptionWithIcon choice={choice} icon="newspaper-filled" color={String(choice.id)} />
        )
      }
    />
  );
}

/** The custom inputs of newsUi's widgets. */
const NEWS_SLOTS: Record<string, SchemaFormSlot> = {
  iconPicker: (field) => <PickerInput field={field} kind="icon" />,
  colorPicker: (field) => <PickerInput field={field} kind="color" />,
  document: () => <DocumentInput />,
};

/** SPEC §2 'live preview tile': the card users will get, from the form's values; also reported to the page's tile. */
function LivePreview({ onPreview }: { onPreview?: (item: NewsCardItem | undefined) => void }) {
  const [title, body, icon, color, url, documentName] = useWatch({ name: ['title', 'body', 'icon', 'color', 'url', 'documentName'] });
  const item = useMemo(
    () => ({
      title: title ?? '',
      body: body ?? '',
      icon: icon ?? null,
      color: color ?? null,
      url: url || null,
      hasDocument: !!documentName,
    }),
    [title, body, icon, color, url, documentName],
  );
  useEffect(() => onPreview?.(item), [onPreview, item]);
  useEffect(() => () => onPreview?.(undefined), [onPreview]);
  return <NewsPreviewTile item={item.title || item.body ? item : undefined} />;
}

/**
 * The news form (SPEC §3 news item, §5 news): SchemaForm draws the fields of the schema
 * in newsUi's layout, with the icon and colour pickers and the PDF document as slots; the
 * document is sent after the item (useNewsDocumentSave). Create and edit share it.
 */
export function NewsInputs({ onPreview }: { onPreview?: (item: NewsCardItem | undefined) => void }) {
  useNewsDocumentSave();
  return (
    <>
      <SchemaForm schema={newsItemInputSchema} ui={newsUi} slots={NEWS_SLOTS} />
      <Box sx={{ mt: 2 }}>
        <LivePreview onPreview={onPreview} />
      </Box>
    </>
  );
}
