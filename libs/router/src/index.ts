/**
 * The router the whole site shares. Federation bundles a shared module whole, and react-router
 * whole is ~60 KB gzip on every first visit; sharing this small re-export instead lets the bundler
 * keep only what we use (~4x smaller) while the shell and every remote still get one router
 * instance (one context). Import routing from here, never from 'react-router' (lint enforces it).
 * Federation's own shared tree shaking was tried first: remotes using router hooks then got a
 * second router copy at run time.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
export type { NavigateFunction } from 'react-router';
