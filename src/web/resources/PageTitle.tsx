import { useEffect } from 'react';
import Typography from '@mui/material/Typography';

/** The page's h1 and the document title (SPEC §2 page titles). */
export function PageTitle({ title, documentTitle }: { title: string; documentTitle?: string }) {
  useEffect(() => {
    document.title = documentTitle ?? title;
  }, [title, documentTitle]);
  return (
    <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
      {title}
    </Typography>
  );
}
