import Box from '@mui/material/Box';
import { highlightParts } from '../../common/siteMatch.js';

/**
 * A field's text with the part a search matched in <mark> (the account search
 * dialogs and the accounts list). The mark keeps the text colour and adds a tint and a
 * weight, so the match does not rest on colour alone.
 */
export function Highlighted({ value, start, end }: { value: string; start: number; end: number }) {
  return (
    <>
      {highlightParts({ value, start, end }).map((part, i) =>
        part.match ? (
          <Box
            key={i}
            component="mark"
            sx={{
              bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(255, 213, 79, 0.25)' : 'rgba(255, 213, 79, 0.6)'),
              color: 'inherit',
              fontWeight: 700,
              borderRadius: 0.5,
              px: '1px',
            }}
          >
            {part.text}
          </Box>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
