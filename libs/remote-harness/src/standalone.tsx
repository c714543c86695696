import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from '@croft/router';
import { PageFrame, Spinner, ToastProvider } from '@croft/ui';
import { QueryProvider } from '@croft/query';
import { startMockWorker } from '@croft/mocks/browser';
import { MOCK_SIGN_IN_CODE, scenarioHandlers } from '@croft/mocks';
import { ScenarioPanel } from './scenario-panel';
import { standaloneScenarios } from './standalone-scenarios';
import './standalone.css';

export interface StandaloneOptions {
  /** The remote's display name, shown in the standalone banner. */
  name: string;
  /** The remote's './Routes' map: route pattern → page. */
  routes: Record<string, ComponentType>;
  /** Extra demo pages for things a remote exposes that are not routes (dialogs). */
  demos?: Record<string, ComponentType>;
  /**
   * The mock worlds the remote always runs in, behind any the URL names (?scenario=…): e.g. the
   * cms remote's staff world, where its sign-in and its screens' endpoints answer, so QA can pick
   * `content:review` and still sign in as staff.
   */
  defaultScenarios?: readonly string[];
}

function StandaloneIndex({ name, paths }: { name: string; paths: string[] }) {
  return (
    <PageFrame title={`${name} (standalone)`} section="home">
      <p>This remote is running on its own, answered by MSW mocks. Its pages:</p>
      <ul>
        {paths.map((p) => (
          <li key={p}>
            <Link to={p.replace('/*', '').replace(':token', 'demo-token')}>{p}</Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

/**
 * Runs one remote alone in the browser: MSW answers every /api call, a router mounts the
 * remote's own route map. Used by `nx serve <remote>`; the composed site never loads this.
 */
export async function startStandalone({ name, routes, demos = {}, defaultScenarios = [] }: StandaloneOptions): Promise<void> {
  // QA picks the mocks' world from the URL (?scenario=venue:total-unavailable) or the panel.
  const scenarios = standaloneScenarios(window.location.search, defaultScenarios);
  await startMockWorker(scenarioHandlers(scenarios.ids));
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const all = { ...routes, ...demos };
  const hasIndex = '/' in all;
  createRoot(container).render(
    <StrictMode>
      {/* The same data layer as in the shell: a standalone remote is its own host, with its one QueryClient. */}
      <QueryProvider>
        <ToastProvider>
          <BrowserRouter>
            <div className="cc-standalone-banner" role="note">
              Standalone {name} · MSW mocks · sign-in code {MOCK_SIGN_IN_CODE}
            </div>
            <ScenarioPanel active={scenarios.chosen} unknown={scenarios.unknown} base={defaultScenarios} />
            <Suspense fallback={<Spinner label="Loading" />}>
              <Routes>
                {!hasIndex && <Route path="/" element={<StandaloneIndex name={name} paths={Object.keys(all)} />} />}
                {Object.entries(all).map(([path, Page]) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
              </Routes>
            </Suspense>
          </BrowserRouter>
        </ToastProvider>
      </QueryProvider>
    </StrictMode>,
  );
}
