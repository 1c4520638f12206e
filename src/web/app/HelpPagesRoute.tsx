import { useTranslate } from 'react-admin';
import { canAccess } from '../../common/access.js';
import { ContactUsPage } from '../contactUs/ContactUsPage.js';
import { DocumentLibraryPage } from '../documents/DocumentLibraryPage.js';
import { RoadmapPage } from '../roadmap/RoadmapPage.js';
import { useShellSession } from '../shell/useShellSession.js';
import { PageTitle } from './PageTitle.js';

export type HelpPage = 'resources' | 'marketing' | 'contactUs' | 'productRoadmap';

/** The help pages: the document libraries (/resources, /marketing), /home/contact-us and /home/product-roadmap. */
export function HelpPagesRoute({ titleKey, page }: { titleKey: string; page: HelpPage }) {
  const translate = useTranslate();
  const { user } = useShellSession();
  if (!user) return null;
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      {page === 'contactUs' ? (
        <ContactUsPage />
      ) : page === 'productRoadmap' ? (
        <RoadmapPage canEdit={canAccess(user, { resource: 'roadmapItems', action: 'edit' })} />
      ) : (
        <DocumentLibraryPage key={page} library={page} canEdit={canAccess(user, { resource: 'documents', action: 'create' })} />
      )}
    </>
  );
}
