import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';

/** Only web and mail links survive; javascript:, data: and the like become nothing. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  if (!cleaned) return '';
  return /^(https?:|mailto:|#|\/(?!\/))/i.test(cleaned) ? cleaned : '';
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    ) : (
      <span>{children}</span>
    ),
  h1: ({ children }) => (
    <Typography variant="h5" component="h3" gutterBottom>
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="h6" component="h4" gutterBottom sx={{ mt: 2 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="subtitle1" component="h5" sx={{ mt: 2, fontWeight: 600 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => (
    <Typography variant="body2" component="p" sx={{ mb: 1.5 }}>
      {children}
    </Typography>
  ),
  li: ({ children }) => (
    <Typography variant="body2" component="li">
      {children}
    </Typography>
  ),
};

/**
 * The policy's markdown, rendered safely: raw HTML is skipped (never parsed
 * into elements), images are dropped, URLs pass {@link safeUrl}, and links
 * open in a new tab without access to this page.
 */
export function PolicyMarkdown({ text }: { text: string }) {
  return (
    <Markdown skipHtml urlTransform={safeUrl} disallowedElements={['img']} unwrapDisallowed components={components}>
      {text}
    </Markdown>
  );
}
