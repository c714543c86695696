import { Route, Routes, useParams } from '@croft/router';
import { PageFrame } from '@croft/ui';

function CmsHome() {
  return <PageFrame title="Content management" section="home" intro="Edit page text, FAQs and images across Croft Common." />;
}
function CmsLogin() {
  return <PageFrame title="Editor sign in" section="home" intro="Sign in with your Croft Common editor email." />;
}
function CmsFaq() {
  const { page } = useParams();
  return <PageFrame title={`FAQ: ${page ?? ''}`} section="home" intro="Questions and answers shown on this page." />;
}
function CmsVisual() {
  const { page } = useParams();
  return <PageFrame title={`Visual editor: ${page ?? ''}`} section="home" intro="Edit this page's text in place." />;
}

/** Everything under /cms. */
export default function CmsRoutes() {
  return (
    <Routes>
      <Route index element={<CmsHome />} />
      <Route path="login" element={<CmsLogin />} />
      <Route path="faq/:page" element={<CmsFaq />} />
      <Route path="visual/:page/*" element={<CmsVisual />} />
      <Route path="*" element={<CmsHome />} />
    </Routes>
  );
}
