import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SiteDraft } from '../../../../schemas/siteCreate.js';

/** When a draft was last saved, in the user's language. */
export function savedTime(iso: string | Date, locale: string, withDate = true): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(locale, withDate ? { dateStyle: 'medium', timeStyle: 'short' } : { timeStyle: 'short' }).format(date);
}

/** On entering /site/create with drafts: resume one (named, with when and where it stopped), discard one, or start new. */
export function DraftChooser({
  drafts,
  onResume,
  onDiscard,
  onStartNew,
}: {
  drafts: SiteDraft[];
  onResume: (draft: SiteDraft) => void;
  onDiscard: (draft: SiteDraft) => void;
  onStartNew: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={2} component="section" aria-labelledby="site-create-drafts">
      <div>
        <Typography id="site-create-drafts" variant="h5" component="h2">
          {translate('siteCreate.draft.resumeTitle')}
        </Typography>
        <Typography color="text.secondary">{translate('siteCreate.draft.resumeText')}</Typography>
      </div>
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {drafts.map((draft) => {
          const name = draft.name || translate('siteCreate.draft.unnamed');
          return (
            <Card key={draft.id} variant="outlined" component="li">
              <CardContent sx={{ pb: 0 }}>
                <Typography id={`site-draft-${draft.id}`} variant="h6" component="h3">
                  {name}
                </Typography>
                <Typography color="text.secondary">
                  {translate('siteCreate.draft.updated', {
                    time: savedTime(draft.updatedAt, locale),
                    step: translate(`siteCreate.steps.${draft.step}`),
                  })}
                </Typography>
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
                <Button variant="contained" onClick={() => onResume(draft)} aria-describedby={`site-draft-${draft.id}`}>
                  {translate('siteCreate.draft.resume')}
                </Button>
                <Button color="error" onClick={() => onDiscard(draft)} aria-describedby={`site-draft-${draft.id}`}>
                  {translate('siteCreate.actions.discard')}
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Stack>
      <div>
        <Button variant="outlined" onClick={onStartNew}>
          {translate('siteCreate.draft.startNew')}
        </Button>
      </div>
    </Stack>
  );
}
