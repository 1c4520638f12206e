import { useTranslate } from 'react-admin';
import { NEWS_DOCUMENT_MAX_BYTES } from '../../../schemas/news.js';
import { FileInput } from '../forms/widgets/FileInput.js';
import { checkChosenFile } from './newsRules.js';

const MAX_LABEL = `${NEWS_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`;

/**
 * The news document (SPEC §2 'Document upload accepts one file, pdf only'):
 * the current name with a remove action, and a chooser for one PDF. The
 * choice lives in the form (`documentFile`, `documentName`); the save sends
 * it after the item, as §4 says (useNewsDocumentSave).
 */
export function DocumentInput() {
  const translate = useTranslate();
  const check = (file: File) => {
    const problem = checkChosenFile(file, NEWS_DOCUMENT_MAX_BYTES);
    return problem === 'ok'
      ? undefined
      : translate(problem === 'notPdf' ? 'news.document.notPdf' : 'news.document.tooLarge', { max: MAX_LABEL });
  };
  return (
    <FileInput
      nameSource="documentName"
      fileSource="documentFile"
      accept="application/pdf,.pdf"
      check={check}
      texts={{
        label: translate('news.document.label'),
        choose: translate('news.document.choose'),
        hint: translate('news.document.hint', { max: MAX_LABEL }),
        remove: translate('news.document.remove'),
      }}
      testId="news-document"
    />
  );
}
