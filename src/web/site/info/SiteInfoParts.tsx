import { Children, createContext, Fragment, isValidElement, useContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '../../resources/visuallyHidden.js';
import { anchorId, telHref, type SiteInfoAnchor } from './siteInfoRules.js';

/** Room above a section the page scrolls to, for the shell's fixed app bar. */
const SCROLL_MARGIN = 80;

/** Scrolls to a section (or the premise phones) and moves the focus to its heading. */
function goToAnchor(anchor: SiteInfoAnchor): void {
  const target = document.getElementById(anchorId(anchor));
  if (!target) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  const heading = target.matches('h2, h3, h4') ? target : target.querySelector<HTMLElement>('h3');
  heading?.focus({ preventScroll: true });
}

/** An in-page link to a section: a real link (#id) that scrolls and focuses without touching the router. */
export function AnchorLink({ anchor, children, color }: { anchor: SiteInfoAnchor; children: ReactNode; color?: 'inherit' }) {
  return (
    <Link
      color={color}
      underline="always"
      href={`#${anchorId(anchor)}`}
      onClick={(event) => {
        event.preventDefault();
        goToAnchor(anchor);
      }}
    >
      {children}
    </Link>
  );
}

/**
 * The title of the page the sections stand on, where a page shows one of them (the customer's
 * Zones, Passcodes, Schedules): a section named like its page keeps its heading for screen
 * readers only, instead of saying 'Zones' twice in a row.
 */
export const PageTitleContext = createContext<string | null>(null);

/** One section of the account: a titled card, the target of the in-page navigation and of the warnings. */
export function Section({
  anchor,
  title,
  action,
  children,
}: {
  anchor: SiteInfoAnchor;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = anchorId(anchor);
  const asPage = useContext(PageTitleContext) === title;
  return (
    <Paper component="section" variant="outlined" id={id} aria-labelledby={`${id}-title`} sx={{ p: 2, scrollMarginTop: SCROLL_MARGIN }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: asPage ? 'flex-end' : 'space-between',
          gap: 1,
          mb: asPage && !action ? 0 : 1,
        }}
      >
        <Typography
          id={`${id}-title`}
          variant="h6"
          component="h3"
          tabIndex={-1}
          sx={asPage ? visuallyHidden : { '&:focus': { outline: 'none' } }}
        >
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/**
 * A table of the account; on a phone (under the small breakpoint) each row becomes a card that
 * names every value with its column's heading, so nothing scrolls sideways (lists as
 * cards, one thumb). Rows are TableRow elements whose children are TableCell elements. With
 * `actions`, the last column holds a row's buttons: on a card they sit at its top right (or under
 * the values when they need the width), not under an 'Actions' heading: 30 zones take a third less.
 */
export function InfoTable({
  label,
  head,
  actions = false,
  children,
}: {
  label: string;
  head: readonly string[];
  actions?: boolean;
  children: ReactNode;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <Stack role="list" aria-label={label} spacing={1}>
        {Children.toArray(children)
          .filter(isValidElement)
          .map((row, index) => {
            const all = Children.toArray((row.props as { children?: ReactNode }).children).filter(isValidElement);
            const cells = actions ? all.slice(0, -1) : all;
            const buttons = actions ? all.at(-1) : undefined;
            return (
              <Paper
                key={row.key ?? index}
                role="listitem"
                variant="outlined"
                sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
              >
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    // Room for the values beside their headings; wider buttons (Reveal, Edit, Delete) go under them.
                    flex: '1 1 200px',
                    minWidth: 0,
                    display: 'grid',
                    gridTemplateColumns: 'minmax(96px, auto) 1fr',
                    columnGap: 1.5,
                    rowGap: 0.5,
                  }}
                >
                  {cells.map((cell, i) => (
                    <Fragment key={i}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {head[i]}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {(cell.props as { children?: ReactNode }).children}
                      </Typography>
                    </Fragment>
                  ))}
                </Box>
                {buttons && (
                  <Box sx={{ display: 'flex', flexShrink: 0, gap: 0.5, my: -0.5, mr: -0.5, ml: 'auto' }}>
                    {(buttons.props as { children?: ReactNode }).children}
                  </Box>
                )}
              </Paper>
            );
          })}
      </Stack>
    );
  }
  return (
    <TableContainer role="region" aria-label={label} tabIndex={0}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell} component="th" scope="col" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** A text of the account, or a dash when it has none. */
export function Value({ children }: { children: ReactNode }) {
  return children === null || children === undefined || children === '' ? <Box component="span">—</Box> : <>{children}</>;
}

/** A phone number as a tel: link (the text as written when it has no digit); `text`: how it reads, when not as stored. */
export function PhoneLink({ phone, text }: { phone: string | null | undefined; text?: string | null }) {
  const href = telHref(phone);
  if (!phone) return <Value>{null}</Value>;
  return href ? (
    <Link href={href} sx={{ whiteSpace: 'nowrap' }}>
      {text ?? phone}
    </Link>
  ) : (
    <>{text ?? phone}</>
  );
}

/** The text of an empty section. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** A page's first load: its skeletons, and what is loading said to screen readers. */
export function PageSkeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack spacing={2} aria-busy="true">
      <Box role="status" sx={visuallyHidden}>
        {label}
      </Box>
      {children}
    </Stack>
  );
}
