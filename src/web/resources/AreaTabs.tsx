import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';

/**
 * An area's own navigation where the shell's drawer has one item for it (reports, the answering
 * service): its screens as links drawn as tabs, the current one marked (aria-current), 44 px
 * tall for a thumb, scrolling sideways on a narrow phone.
 */
export function AreaTabs({ label, links }: { label: string; links: readonly { to: string; label: string; active: boolean }[] }) {
  return (
    <Box component="nav" aria-label={label} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', overflowX: 'auto' }}>
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {links.map((link) => (
          <li key={link.to}>
            <Box
              component={RouterLink}
              to={link.to}
              aria-current={link.active ? 'page' : undefined}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                minHeight: 44,
                px: { xs: 1.25, sm: 2 },
                whiteSpace: 'nowrap',
                typography: 'button',
                textTransform: 'none',
                fontWeight: 600,
                textDecoration: 'none',
                color: link.active ? 'primary.main' : 'text.secondary',
                borderBottom: 3,
                borderColor: link.active ? 'primary.main' : 'transparent',
                borderTopLeftRadius: 4,
                borderTopRightRadius: 4,
                '&:hover': { color: 'text.primary', bgcolor: 'action.hover' },
                '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              {link.label}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}
