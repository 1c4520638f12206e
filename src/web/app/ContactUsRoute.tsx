import { ContactUsPage } from '../contactUs/ContactUsPage.js';
import { PageFrame } from '../resources/resourcePage.js';

/** /home/contact-us (Help menu 'Contact Us', 'Submit A Bug', 'Provide Feedback'): a form to support, not a list. */
export function ContactUsRoute({ titleKey }: { titleKey: string }) {
  return (
    <PageFrame titleKey={titleKey}>
      <ContactUsPage />
    </PageFrame>
  );
}
