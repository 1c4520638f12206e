import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Title, useGetList, useTranslate } from 'react-admin';
import type { NewsItem } from '../../../schemas/news.js';
import { NewsCard } from './NewsCard.js';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } } as const;

function NewsSkeleton() {
  const translate = useTranslate();
  return (
    <Box sx={grid} role="status" aria-label={translate('news.page.loading')} data-testid="news-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} variant="outlined">
          <CardContent sx={{ display: 'flex', gap: 2 }}>
            <Skeleton variant="circular" width={35} height={35} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton variant="text" width="60%" sx={{ fontSize: '1.25rem' }} />
              <Skeleton variant="text" />
              <Skeleton variant="text" width="80%" />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/**
 * SPEC §2 news (users, applications 1 and 2): the 'News' header and one card
 * per active item, by order ascending with items without order last (the
 * server's order for users), a skeleton while loading.
 */
export function NewsPage() {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<NewsItem>('news', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'order', order: 'ASC' },
    filter: { active: true },
  });
  return (
    <Box component="section" aria-labelledby="news-heading" sx={{ py: 2 }}>
      <Title title="news.title" />
      <Typography id="news-heading" variant="h4" component="h1" sx={{ mb: 2 }}>
        {translate('news.title')}
      </Typography>
      {isPending ? (
        <NewsSkeleton />
      ) : error ? (
        <Alert severity="error">{translate('news.messages.loadError')}</Alert>
      ) : !data?.length ? (
        <Typography color="text.secondary">{translate('news.page.empty')}</Typography>
      ) : (
        <Box sx={grid}>
          {data.map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </Box>
      )}
    </Box>
  );
}
