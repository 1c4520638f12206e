import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useShellSession } from '../shell/useShellSession.js';
import { PageTitle } from '../resources/PageTitle.js';

/** The frame address for a help route: relative routes under the help centre, nothing that leaves it. */
export function helpFrameUrl(helpCenterUrl: string, rte: string | null): string {
  const base = helpCenterUrl.endsWith('/') ? helpCenterUrl : `${helpCenterUrl}/`;
  if (!rte) return base;
  const route = rte.replace(/^\/+/, '');
  if (/^[a-z][a-z0-9+.-]*:/i.test(route) || route.includes('..')) return base;
  return `${base}${route}`;
}

/** §2 knowledge-base: 'Knowledge Base', the help centre in a frame; `rte` opens a help route, then leaves the URL. */
export function KnowledgeBasePage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { config } = useShellSession();
  const helpCenterUrl = config?.helpCenterUrl ?? '/help/';
  const [src] = useState(() => helpFrameUrl(helpCenterUrl, params.get('rte')));
  useEffect(() => {
    if (params.has('rte')) navigate('/knowledge-base', { replace: true });
  }, [params, navigate]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 120px)' }}>
      <PageTitle title={translate('shell.knowledgeBase.title')} />
      <Box
        component="iframe"
        title={translate('shell.knowledgeBase.frame')}
        src={src}
        sx={{ flex: 1, border: 1, borderColor: 'divider', borderRadius: 1, width: '100%', bgcolor: 'background.paper' }}
      />
    </Box>
  );
}
