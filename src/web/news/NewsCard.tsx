import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useNotify, useTranslate } from 'react-admin';
import type { NewsItem } from '../../../schemas/news.js';
import { newsDocumentUrl } from '../providers/methods/newsMethods.js';
import { NewsItemIcon } from './newsVisuals.js';

export type NewsCardItem = Pick<NewsItem, 'title' | 'body' | 'icon' | 'color' | 'url' | 'hasDocument'> & {
  id?: number;
  documentName?: string | null;
};

/**
 * One news card (SPEC §2 news): title, body and the optional coloured icon; a
 * download button when there is a document, a launch-URL link when there is
 * a URL. Titles and bodies are text, never markup.
 */
export function NewsCard({
  item,
  headingLevel = 'h2',
  preview = false,
}: {
  item: NewsCardItem;
  headingLevel?: 'h2' | 'h3';
  preview?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const canDownload = item.hasDocument && item.id !== undefined;
  return (
    <Card variant="outlined" component="article" data-testid="news-card" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexGrow: 1 }}>
        <NewsItemIcon icon={item.icon} color={item.color} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component={headingLevel} sx={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {item.body}
          </Typography>
        </Box>
      </CardContent>
      {(item.hasDocument || item.url) && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          {item.hasDocument &&
            (canDownload && !preview ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={<DownloadIcon />}
                href={newsDocumentUrl(item.id!)}
                download={item.documentName ?? true}
                onClick={() => notify('news.document.downloading', { type: 'info' })}
              >
                {translate('news.document.download')}
              </Button>
            ) : (
              <Button size="small" variant="outlined" startIcon={<DownloadIcon />} disabled>
                {translate('news.document.download')}
              </Button>
            ))}
          {item.url && (
            <Button size="small" startIcon={<OpenInNewIcon />} href={item.url} target="_blank" rel="noopener noreferrer">
              {translate('news.page.openUrl')}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
