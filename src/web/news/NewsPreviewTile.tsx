import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { NewsCard, type NewsCardItem } from './NewsCard.js';

/** SPEC §2 news setup 'live preview tile': the card users will get, as it is typed. */
export function NewsPreviewTile({ item }: { item: NewsCardItem | undefined }) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Card
      component="aside"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="news-preview"
      sx={{ alignSelf: 'flex-start', width: '100%' }}
    >
      <CardContent>
        <Typography id={headingId} variant="overline" component="h2" color="text.secondary">
          {translate('news.setup.preview')}
        </Typography>
        {item ? (
          <NewsCard item={item} headingLevel="h3" preview />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('news.setup.previewHint')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
