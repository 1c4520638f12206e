import { useCallback, useState } from 'react';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import { useDataProvider, useInput, useRegisterMutationMiddleware, useTranslate } from 'react-admin';
import {
  LIBRARY_DOCUMENT_MAX_BYTES,
  libraryDocumentInputSchema,
  libraryDocumentUi,
  libraryDocumentUploadSchema,
  libraryDocumentUploadUi,
  type DocumentLibrary,
  type LibraryDocument,
} from '../../../schemas/documents.js';
import { ACCEPT, checkChosenFile } from '../../common/documentFiles.js';
import type { SchemaFormSlot } from '../forms/SchemaForm.js';
import type { LaidOutField } from '../forms/schemaLayout.js';
import { FileInput } from '../forms/widgets/FileInput.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { ResourceDialog } from '../resources/ResourceDialog.js';
import { libraryDocumentInput, splitTags, titleFromFileName } from './documentRules.js';

const RESOURCE = 'documents';
const MAX_LABEL = `${LIBRARY_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`;
const TAGS_MAX = libraryDocumentInputSchema.properties.tags.maxItems;
/** The form's own field of the chosen file (the schema has its name, `fileName`). */
const FILE = 'file';

/** Tags typed in one field, separated by commas: the form holds them as the schema's list. */
function TagsInput({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const { field: input, fieldState } = useInput({ source: field.source });
  const tags = (input.value as string[] | undefined) ?? [];
  const [text, setText] = useState(() => tags.join(', '));
  // The list changed from elsewhere (the record loaded): the text follows it.
  if (splitTags(text).join('\n') !== tags.join('\n')) setText(tags.join(', '));
  return (
    <TextField
      label={field.label ? translate(field.label) : undefined}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        input.onChange(splitTags(event.target.value));
      }}
      onBlur={input.onBlur}
      inputRef={input.ref}
      name={input.name}
      error={fieldState.invalid}
      helperText={translate('documents.fields.tagsHint', { max: TAGS_MAX })}
      fullWidth
      size="small"
    />
  );
}

/** The one file of an upload (a PDF or an image); its name becomes the title while none is typed. */
function LibraryFileInput() {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const check = (file: File) => {
    const problem = checkChosenFile(file, LIBRARY_DOCUMENT_MAX_BYTES);
    if (problem === 'ok') return undefined;
    return translate(problem === 'type' ? 'documents.errors.notAllowed' : 'documents.errors.tooLarge', { max: MAX_LABEL });
  };
  return (
    <FileInput
      nameSource="fileName"
      fileSource={FILE}
      accept={ACCEPT}
      check={check}
      onChosen={(file) => {
        if (!String(getValues('title') ?? '').trim())
          setValue('title', titleFromFileName(file.name), { shouldDirty: true, shouldValidate: true });
      }}
      texts={{
        choose: translate('documents.actions.chooseFile'),
        none: translate('documents.dialog.noFile'),
        hint: translate('documents.dialog.fileHint', { max: MAX_LABEL }),
      }}
      testId="document"
    />
  );
}

const SLOTS: Record<string, SchemaFormSlot> = {
  tags: (field) => <TagsInput field={field} />,
  file: () => <LibraryFileInput />,
};

type UploadData = ReturnType<typeof libraryDocumentInput> & { [FILE]?: File };
/** The create as withFile shaped it. */
type UploadParams = { data: UploadData; meta?: unknown };
type Create = (resource: string, params: UploadParams) => Promise<{ data: LibraryDocument }>;

/**
 * The upload, as the create's mutation middleware (as news sends its PDF): the fields and the
 * file go together in the dataProvider's multipart uploadDocument, which answers the stored
 * document; react-admin's JSON create is not sent.
 */
function LibraryUpload() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const middleware = useCallback(
    async (resource: string, params: UploadParams, next: Create) => {
      const { [FILE]: file, ...input } = params.data;
      if (!file) return next(resource, params);
      return { data: await dataProvider.uploadDocument(input, file) };
    },
    [dataProvider],
  );
  useRegisterMutationMiddleware(middleware);
  return null;
}

/** The upload's fields, the chosen file beside them for LibraryUpload. */
const withFile = (values: Record<string, unknown>): UploadData => ({
  ...libraryDocumentInput(values),
  ...(values[FILE] instanceof File && { [FILE]: values[FILE] }),
});

/**
 * Upload a document to the library (one file, then title, tags and audience: libraryDocumentUploadUi),
 * or change an uploaded one's title, tags and audience (`document` given: libraryDocumentUi), in
 * the one dialog form; full screen on phones.
 */
export function DocumentDialog({
  library,
  document,
  onClose,
}: {
  library: DocumentLibrary;
  document?: LibraryDocument;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <ResourceDialog
      resource={RESOURCE}
      target={document ? { mode: 'edit', id: document.id } : { mode: 'create' }}
      placeholder={document}
      schema={document ? libraryDocumentInputSchema : libraryDocumentUploadSchema}
      ui={document ? libraryDocumentUi : libraryDocumentUploadUi}
      slots={SLOTS}
      defaults={{ library, fileName: '', title: '', tags: [], audience: library === 'marketing' ? 'staff' : 'dealers' }}
      transform={document ? libraryDocumentInput : withFile}
      texts={{
        title: document ? 'documents.dialog.editTitle' : 'documents.dialog.uploadTitle',
        titleArgs: { library: translate(`documents.libraries.${library}`) },
        submit: document ? 'documents.actions.save' : 'documents.actions.uploadSubmit',
        cancel: 'documents.actions.cancel',
        saved: document ? 'documents.notices.saved' : 'documents.notices.uploaded',
        saveError: 'documents.errors.saveFailed',
        loadError: 'documents.errors.loadFailed',
      }}
      onClose={onClose}
    >
      {!document && <LibraryUpload />}
    </ResourceDialog>
  );
}
