import express, { type Express, type Router } from 'express';
import compression from 'compression';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import {
  applyTrustProxy,
  blobRoute,
  type BlobStore,
  errorHandler,
  contentSecurityPolicyHeader,
  isHttpsOrigin,
  type MountedService,
  requestLogger,
  securityHeaders,
  serviceApi,
  type SecurityHeadersOptions,
  type TrustProxySetting,
  xFrameOptionsFor,
} from '@croft/service-kit';
import { createHash } from 'node:crypto';
import { remoteForPath, type RemoteManifest } from '@croft/contracts';
import { fontPreloadTags, preloadHints, preloadTags, type PreloadHint } from './preload';
import { REMOTE_DIRS } from './manifest';

export interface GatewayOptions {
  logger: Logger;
  publicOrigin: string;
  /** Folder with shell/ and remotes/<name>/ (the rspack build output). */
  staticDir: string;
  manifest: RemoteManifest;
  /**
   * The services, each mounted at /api/<name> by the kit's `serviceApi` (the standalone services'
   * own), with its public write paths exempt from the Origin check: `composeServices(...).services`.
   * A plain record (tests) mounts routers with no exemptions.
   */
  services: readonly MountedService[] | Record<string, Router>;
  /** Host (name[:port]) where Secret Kitchens lives; pages there other than /secretkitchens redirect. */
  secretKitchensHost?: string;
  /** TRUST_PROXY: whose X-Forwarded-For to believe; default nobody (req.ip is the TCP peer). */
  trustProxy?: TrustProxySetting;
  /**
   * Uploaded files, served only through signed URLs at /blobs/<key>?exp=&sig= (signBlobUrl with
   * the same secret). Same origin, so the page CSP's img-src 'self' covers them. Without it,
   * /blobs/* is a 404.
   */
  blobs?: { store: BlobStore; secret: string };
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Hashed build output lives under assets/: cache it for a year; everything else revalidates. */
function setCacheHeaders(res: express.Response, filePath: string): void {
  const hashed = /[\\/]assets[\\/][^\\/]+\.[0-9a-f]{10}\.[a-z0-9]+$/i.test(filePath);
  res.setHeader('Cache-Control', hashed ? LONG_CACHE : REVALIDATE);
}

/** Origins the page may load remotes from: the manifest's external entries and QA's allow-list. */
function externalOrigins(manifest: RemoteManifest): string[] {
  const entries = Object.values(manifest.remotes).filter((u) => /^https?:/.test(u)).map((u) => new URL(u).origin);
  return [...new Set([...entries, ...(manifest.qaOverrideOrigins ?? [])])];
}

/** Where the static navigation of index.html ends: the prerendered page goes right after it. */
const STATIC_CHROME_END = '<!-- static-chrome:end -->';

/**
 * The prerendered page goes after the static navigation in #root: after the marker comment in
 * the source template, or (a production build minifies comments away) after the header that
 * opens #root. Unchanged when neither is there.
 */
export function insertAfterStaticChrome(html: string, markup: string): string {
  const marker = html.indexOf(STATIC_CHROME_END);
  if (marker >= 0) return html.slice(0, marker + STATIC_CHROME_END.length) + markup + html.slice(marker + STATIC_CHROME_END.length);
  const root = html.indexOf('<div id="root">');
  const header = root >= 0 ? html.indexOf('</header>', root) : -1;
  if (header < 0) return html;
  const at = header + '</header>'.length;
  return html.slice(0, at) + markup + html.slice(at);
}

interface PrerenderedPages {
  css: string;
  pages: Record<string, string>;
}

const sha256Source = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const unescapeAttr = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** A high-priority preload of the markup's hero image (its AVIF sources), or '' without one. */
export function heroImagePreload(markup: string): string {
  const picture = /<picture\b[^>]*>([\s\S]*?)<\/picture>/.exec(markup);
  // React writes the attribute as fetchPriority="high" (HTML attribute names are case-insensitive).
  if (!picture || !/fetchpriority="high"/i.test(picture[1])) return '';
  const avif = /<source\b[^>]*type="image\/avif"[^>]*>/.exec(picture[1])?.[0];
  const srcset = avif && /srcset="([^"]*)"/i.exec(avif)?.[1];
  if (!srcset) return '';
  const sizes = /sizes="([^"]*)"/.exec(avif)?.[1] ?? '100vw';
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high">`;
}

const VIEWPORT_META = /<meta\s+name="viewport"[^>]*>/i;

/**
 * The page with its hero image preload (heroImagePreload) as early in the head as it can go:
 * right after the viewport meta. Before it, a phone's preload scanner still measures the 980 px
 * desktop viewport, picks the 1920 px file from the srcset, and the img then asks for its own
 * (768 px) file besides: two requests and a preload nobody uses.
 */
export function withHeroImagePreload(html: string, markup: string): string {
  const preload = heroImagePreload(markup);
  if (!preload) return html;
  if (VIEWPORT_META.test(html)) return html.replace(VIEWPORT_META, (meta) => meta + preload);
  return html.replace(/<head>/, `<head>${preload}`);
}

/** The shell's own preload of the remote manifest (index.html), any spelling of its attributes. */
const MANIFEST_PRELOAD = /<link rel="preload" href="\/mf-manifest\.json" as="fetch" crossorigin(?:="anonymous")?\s*\/?>/;

/**
 * A prerendered page's scripts wait for its first paint. The shell's `<script defer src=…>` runs
 * as soon as it has arrived, which on a phone is before the styles and hero image have painted:
 * its evaluation (the federation runtime, then React) then stands between the visitor and the
 * page they could already see, and every script and style fetched alongside takes bandwidth from
 * the hero image. Here nothing but the page's own styles, display font and hero image is fetched
 * before the first paint: one inline script then (once the hero image is on screen) asks for the
 * remote manifest, the shell's and the page remote's chunks (`later`, at low priority) and starts
 * the shell. A page in a background tab paints no frames, so it starts at once; so does every page
 * without a prerendered first paint (it needs its scripts to be seen, and keeps its preload tags).
 * Meanwhile the static header's Menu toggle answers taps (see m() below).
 * Returns the page unchanged when the shell's entry script is not found.
 */
export function startScriptsAfterFirstPaint(html: string, later: readonly PreloadHint[] = []): { html: string; inline: string | null } {
  const tag = /<script defer(?:="defer")? src="([^"]+)"><\/script>/.exec(html);
  if (!tag) return { html, inline: null };
  const manifest = MANIFEST_PRELOAD.exec(html);
  const fetches: PreloadHint[] = [...(manifest ? [{ href: '/mf-manifest.json', as: 'fetch' as const }] : []), ...later];
  // p(): a preload, as the gateway would have written it in the head.
  // m(): until the shell replaces the static header, its Menu toggle opens and closes the
  // navigation itself (the shell's TopNav starts from the state it finds), so a first tap is never
  // lost. The listener sits on the static button, which goes when the shell renders its own.
  const inline =
    `(function(){var d=document;function p(f){var l=d.createElement("link");l.rel="preload";l.href=f[0];l.as=f[1];` +
    `f[1]==="fetch"?l.crossOrigin="anonymous":f[1]==="script"&&(l.fetchPriority="low");d.head.appendChild(l)}` +
    // s(): the manifest and the shell's script first, then one preload per task: each request
    // costs the renderer 2–4 ms (10–20 ms on a slowed phone), and a dozen in one task was a long task.
    // t(): each of those tasks after the next frame while the page is visible (as the shell's own
    // start steps are): back to back, Chrome put its frame off behind them, and a touch held for
    // the next frame waited through all of them.
    `function t(c){d.visibilityState==="visible"?requestAnimationFrame(function(){setTimeout(c)}):setTimeout(c)}` +
    `function s(){var q=${JSON.stringify(fetches.map((f) => [f.href, f.as]))},e=d.createElement("script");q.length&&q[0][1]==="fetch"&&p(q.shift());` +
    `e.src=${JSON.stringify(tag[1])};d.head.appendChild(e);function n(){var f=q.shift();f&&(p(f),t(n))}t(n)}` +
    `function m(){var b=d.querySelector(".shell-topnav__toggle"),n=b&&d.getElementById(b.getAttribute("aria-controls")||"");` +
    `n&&b.addEventListener("click",function(){var o=n.getAttribute("data-open")!=="true";n.setAttribute("data-open",""+o);b.setAttribute("aria-expanded",""+o);b.textContent=o?"Close":"Menu"})}` +
    // a(): once the hero image is on screen, w() opens the storage and, a task later, s() starts
    // everything else. "On screen" is the browser's Element Timing entry for the image (the design
    // system's Picture names a high-priority image `elementtiming="hero"`), given once the frame
    // with it, decoded, was presented. Two frames after its load event were not always that: an
    // AVIF decodes off the main thread and its frame can come later, so the shell's script and
    // first chunks were asked for before the largest paint, and a simulated slow phone counted
    // them in it (Lighthouse on /beer: 1.21 s in some runs, 1.51 s in others). (The
    // largest-contentful-paint entry would do where the image is the largest paint, but on a wide
    // screen a heading often is.) A browser without Element Timing: two frames after the image
    // has arrived; 1 s after it arrived at most, 3 s in all.
    // w(): the page's storage is opened in a task of its own before the shell's: the first read of
    // localStorage or sessionStorage loads the origin's whole store (a synchronous trip to the
    // browser process), and the federation runtime's start reads localStorage inside main.js's
    // evaluation, the longest task a first tap can meet.
    `function w(){try{localStorage.getItem("");sessionStorage.getItem("")}catch(e){}}` +
    `function k(c){setTimeout(function(){w();setTimeout(c)})}` +
    `function f(c){requestAnimationFrame(function(){requestAnimationFrame(function(){k(c)})})}` +
    `function a(){m();if(d.visibilityState!=="visible")return s();var g=0,i=d.querySelector('img[fetchpriority="high"]'),` +
    `P=typeof PerformanceObserver==="function"&&PerformanceObserver,L=i&&P&&(P.supportedEntryTypes||[]).indexOf("element")>=0,` +
    `go=function(){g||(g=1,f(s))},ok=function(){g||(g=1,k(s))},h=function(){L?setTimeout(go,1e3):go()};if(!i)return go();` +
    `L&&new P(function(l,o){l.getEntries().some(function(e){return e.element===i})&&(o.disconnect(),ok())}).observe({type:"element",buffered:!0});` +
    `i.complete?h():(i.addEventListener("load",h),i.addEventListener("error",go),setTimeout(go,3e3))}` +
    `d.readyState==="loading"?d.addEventListener("DOMContentLoaded",a):a()})()`;
  let out = html.slice(0, tag.index) + `<script>${inline}</script>` + html.slice(tag.index + tag[0].length);
  if (manifest) out = out.replace(MANIFEST_PRELOAD, '');
  return { html: out, inline };
}

/** dist/prerender/pages.json from tools/prerender, when the build made one. */
function readPrerendered(staticDir: string, logger: Logger): PrerenderedPages | undefined {
  const file = join(staticDir, 'prerender', 'pages.json');
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as PrerenderedPages;
    if (typeof parsed.css !== 'string' || typeof parsed.pages !== 'object' || parsed.pages === null) throw new Error('unexpected shape');
    return parsed;
  } catch (error) {
    logger.warn({ err: error, file }, 'ignoring an unreadable prerender file: pages get no prerendered first paint');
    return undefined;
  }
}

/**
 * The gateway: every service under /api/<name>, the runtime manifest, the built remotes under
 * /remotes/<name>/ and the shell for every other path (client-side routing).
 */
export function createGatewayApp(options: GatewayOptions): Express {
  const { logger, staticDir } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // The same rule as a standalone service: trust no X-Forwarded-For unless TRUST_PROXY says so.
  applyTrustProxy(app, options.trustProxy, logger);
  const remoteOrigins = externalOrigins(options.manifest);
  const securityOptions: SecurityHeadersOptions = {
    https: isHttpsOrigin(options.publicOrigin),
    scriptSrc: remoteOrigins,
    connectSrc: remoteOrigins,
    imgSrc: remoteOrigins,
  };
  app.use(securityHeaders(securityOptions));

  // The services' API, exactly as a standalone service mounts it (the kit's serviceApi): the
  // Origin check lets through each module's public write paths (newsletter's one-click
  // unsubscribe). The Secret Kitchens host is the site too (same gateway): its pages may call the API.
  const allowedOrigins = [options.publicOrigin];
  if (options.secretKitchensHost) allowedOrigins.push(`${new URL(options.publicOrigin).protocol}//${options.secretKitchensHost}`);
  const services = Array.isArray(options.services)
    ? (options.services as readonly MountedService[])
    : Object.entries(options.services).map(([name, router]) => ({ name, router, publicWritePaths: [] }));
  app.use('/api', serviceApi({ services, allowedOrigins, logger }));

  // Signed blob URLs (uploaded photos, CMS images): verified, then streamed from the BlobStore.
  // Before compression (images are compressed already) and never falling through to the shell.
  if (options.blobs) app.use('/blobs', requestLogger(logger), blobRoute(options.blobs));
  app.use('/blobs', (_req, res) => res.status(404).type('text/plain').send('Not found'));

  // gzip the site's text files (HTML, JS, CSS) for visitors on slow connections. API answers are
  // small and on the hot path, so they go out as they are.
  app.use(compression());

  const manifestBody = JSON.stringify(options.manifest);
  app.get('/mf-manifest.json', (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    res.type('application/json').send(manifestBody);
  });

  const staticOptions = { index: false, fallthrough: true, setHeaders: setCacheHeaders, etag: true } as const;
  for (const dir of Object.values(REMOTE_DIRS)) {
    const root = join(staticDir, 'remotes', dir);
    app.use(`/remotes/${dir}`, express.static(root, staticOptions));
    // A missing remote file is a 404, never the shell's HTML (a script tag must not get HTML).
    app.use(`/remotes/${dir}`, (_req, res) => res.status(404).type('text/plain').send('Not found'));
  }
  // Generated brand imagery (tools/imagery): names are stable, so a week's cache with revalidation.
  app.use(
    '/images',
    express.static(join(staticDir, 'images'), {
      ...staticOptions,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=604800, stale-while-revalidate=86400'),
    }),
  );
  app.use('/images', (_req, res) => res.status(404).type('text/plain').send('Not found'));
  const shellDir = join(staticDir, 'shell');
  // The service worker (nudges: push, notification click) at the site's root scope. Its address
  // never changes, so it is revalidated on every check (browsers then pick up a new build); its
  // own CSP is the API's (connect-src 'self' covers the click count). No build, no worker: 404.
  app.get('/sw.js', (_req, res) => {
    res.sendFile('sw.js', {
      root: shellDir,
      etag: true,
      headers: { 'Cache-Control': REVALIDATE, 'Service-Worker-Allowed': '/', 'Content-Type': 'text/javascript; charset=utf-8' },
    }, (error) => {
      if (error && !res.headersSent) res.status(404).type('text/plain').send('Not found');
    });
  });
  app.use(express.static(shellDir, staticOptions));

  const indexHtml = resolve(shellDir, 'index.html');
  const kitchensHost = options.secretKitchensHost?.toLowerCase();
  // The page asks this to tell the authorised host from any other (spec 000 §2, /secretkitchens).
  const kitchensMeta = kitchensHost ? `<meta name="croft:secret-kitchens-host" content="${escapeAttr(kitchensHost)}">` : '';
  // The shell's HTML with preload hints for the remote that renders each page, and the
  // prerendered first paint of public pages (tools/prerender), built once per path.
  const prerendered = readPrerendered(staticDir, logger);
  // The site's pages may be framed by the site itself (the staff area's visual editor shows them in
  // an iframe); every other response keeps frame-ancestors 'none' from securityHeaders above.
  const pageSecurity: SecurityHeadersOptions = { ...securityOptions, framing: 'self' };
  const pageCsp = contentSecurityPolicyHeader(pageSecurity);
  const pages = new Map<string, { html: string; csp: string }>();
  const pageFor = (path: string): { html: string; csp: string } => {
    const first = prerendered?.pages[path] === undefined ? null : path;
    const key = first ?? `remote:${remoteForPath(path) ?? ''}`;
    let page = pages.get(key);
    if (page === undefined) {
      const remote = remoteForPath(path);
      // Preload hints for the page's scripts and styles. A prerendered page needs them for
      // interaction, not to be seen: it fetches them after its first paint instead
      // (startScriptsAfterFirstPaint), so the hero image and styles have the line to themselves.
      const later = preloadHints({ staticDir, manifest: options.manifest, remote });
      let hints = kitchensMeta + fontPreloadTags(staticDir);
      let html = readFileSync(indexHtml, 'utf8');
      let csp = pageCsp;
      // Without a prerendered first paint (or when the shell's entry script is not found, so its
      // start cannot wait) the hints go in the head as they are.
      let startsLater = false;
      if (first && prerendered) {
        const css = prerendered.css.replace(/<\/style/gi, '');
        const markup = prerendered.pages[first];
        hints += `<style data-prerendered>${css}</style>`;
        html = insertAfterStaticChrome(html, markup);
        // The hero image is the page's largest paint: asked for before scripts and styles.
        html = withHeroImagePreload(html, markup);
        const deferred = startScriptsAfterFirstPaint(html, later);
        html = deferred.html;
        startsLater = deferred.inline !== null;
        // The policy allows exactly these inline styles (the block above and the markup's style="")
        // and the one inline script that starts the shell.
        const attributes = [...markup.matchAll(/ style="([^"]*)"/g)].map(([, value]) => unescapeAttr(value));
        csp = contentSecurityPolicyHeader({
          ...pageSecurity,
          styleHashes: [...new Set([css, ...attributes])].map(sha256Source),
          scriptHashes: deferred.inline ? [sha256Source(deferred.inline)] : undefined,
        });
      }
      if (!startsLater) hints += preloadTags(later);
      html = html.replace('</head>', `${hints}</head>`);
      page = { html, csp };
      pages.set(key, page);
    }
    return page;
  };
  app.get(/.*/, (req, res, next) => {
    // Asset-looking paths that reach here do not exist: answer 404 rather than HTML.
    if (/\.[a-z0-9]{2,5}$/i.test(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (!existsSync(indexHtml)) {
      next(new Error(`The site is not built: ${indexHtml} is missing. Run npm run build.`));
      return;
    }
    // On the Secret Kitchens host every page but /secretkitchens redirects there.
    if (kitchensHost && req.get('host')?.toLowerCase() === kitchensHost && !/^\/secretkitchens\/?$/i.test(req.path)) {
      res.redirect(302, '/secretkitchens');
      return;
    }
    res.setHeader('Cache-Control', REVALIDATE);
    const page = pageFor(req.path);
    res.setHeader('Content-Security-Policy', page.csp);
    res.setHeader('X-Frame-Options', xFrameOptionsFor(pageSecurity.framing));
    res.type('html').send(page.html);
  });
  app.use(errorHandler(logger));
  return app;
}
