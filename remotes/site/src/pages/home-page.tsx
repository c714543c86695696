import { PageFrame } from '@croft/ui';
import { FaqSection } from '../features/faq/faq-section';

export default function HomePage() {
  return (
    <PageFrame
      title="Croft Common"
      eyebrow="Bristol · cafe · bar · kitchens · hall"
      section="home"
      intro="Coffee in the morning, wood-fired food at lunch, cocktails and Bristol beer at night, and a hall for everything in between."
    >
      <FaqSection page="home" />
    </PageFrame>
  );
}
