import { Outlet, Route, Routes } from '@croft/router';
import { CmsHomePage } from '../cms-home/cms-home-page';
import { FaqEditorPage } from '../faq/faq-editor-page';
import { ImagesEditorPage } from '../images/images-editor-page';
import { SecretWordsPage } from '../secret-words/secret-words-page';
import { HistoryPage } from '../history/history-page';
import { ReviewPage } from '../review/review-page';
import { StaffGuard } from '../staff/guard/staff-guard';
import { StaffLoginPage } from '../staff/login/staff-login-page';
import { StaffNotFound } from '../staff/not-found/staff-not-found';
import { VisualEditorPage } from '../visual/visual-editor-page';

/**
 * Everything under /cms: the staff sign-in; the secret words behind the guard for their managers
 * (editor, staff or admin: the roles the content service's secret-word routes take); and behind the
 * guard for editors and admins the rest (an unknown path: 'Page not found').
 */
export default function CmsRoutes() {
  return (
    <Routes>
      <Route path="login" element={<StaffLoginPage />} />
      <Route
        path="secret-words"
        element={
          <StaffGuard access="secretWords">
            <SecretWordsPage />
          </StaffGuard>
        }
      />
      <Route
        element={
          <StaffGuard access="cms">
            <Outlet />
          </StaffGuard>
        }
      >
        <Route index element={<CmsHomePage />} />
        <Route path="review" element={<ReviewPage />} />
        <Route path="history/:page/:section/:key" element={<HistoryPage />} />
        <Route path="faq/:page" element={<FaqEditorPage />} />
        <Route path="images" element={<ImagesEditorPage />} />
        <Route path="images/:page" element={<ImagesEditorPage />} />
        <Route path="visual/:page/*" element={<VisualEditorPage />} />
        <Route path="*" element={<StaffNotFound home="/cms" />} />
      </Route>
    </Routes>
  );
}
