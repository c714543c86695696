import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, silentLogger } from '@croft/service-kit';
import { createGatewayApp, heroImagePreload, insertAfterStaticChrome, startScriptsAfterFirstPaint, withHeroImagePreload } from './app';
import { buildRemoteManifest } from './manifest';
import { gatewayConfigSchema } from './config';

let staticDir: string;
const css = '.site-hero{display:grid}';
const markup = '<main data-prerendered=""><section class="site-hero"><div class="site-hero__scrim" style="opacity:0.45"></div><h1>The Cafe</h1></section></main>';
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

beforeAll(() => {
  staticDir = mkdtempSync(join(tmpdir(), 'gateway-prerender-'));
  mkdirSync(join(staticDir, 'shell'), { recursive: true });
  writeFileSync(
    join(staticDir, 'shell/index.html'),
    '<!doctype html><html><head><title>Croft Common</title><link rel="preload" href="/mf-manifest.json" as="fetch" crossorigin><script defer src="/assets/main.abc123.js"></script></head><body><div id="root"><!-- static-chrome:start --><header>nav</header><!-- static-chrome:end --></div></body></html>',
  );
  mkdirSync(join(staticDir, 'prerender'));
  writeFileSync(join(staticDir, 'prerender/pages.json'), JSON.stringify({ css, pages: { '/cafe': markup } }));
});
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

function app() {
  return createGatewayApp({
    logger: silentLogger(),
    publicOrigin: 'http://localhost:3000',
    staticDir,
    manifest: buildRemoteManifest(loadConfig(gatewayConfigSchema, {})),
    services: {},
  });
}

interface LoaderRun {
  storageRefused?: boolean;
  visibility?: 'visible' | 'hidden';
  /** The page's hero image (`img[fetchpriority="high"]`): already complete, or arriving at `loadsAt` ms. */
  hero?: { complete: true } | { loadsAt: number };
  /** The browser reports Element Timing entries (Chromium does; Safari and Firefox do not). */
  elementTiming?: boolean;
  /** Element Timing entries the browser gives, at these moments, for the hero or another element. */
  paints?: { at: number; of: 'hero' | 'text' }[];
  /** Prefix each task with the moment it ran (`@16`). */
  times?: boolean;
}

/** A frame every 16 ms in the stand-in browser. */
const FRAME_MS = 16;

/**
 * Runs the after-first-paint loader against a stand-in document on a virtual clock: timers run at
 * their delay, animation frames at the next 16 ms frame, each a task of its own (a frame's marked
 * "(frame)"). Returns what each task appended to the head and the storage reads it made.
 */
function runLoader(inline: string, { storageRefused = false, visibility = 'visible', hero, elementTiming = false, paints = [], times = false }: LoaderRun = {}): string[][] {
  const tasks: string[][] = [];
  let current: string[] = [];
  let now = 0;
  let order = 0;
  const queue: { at: number; order: number; run: () => void }[] = [];
  const schedule = (at: number, run: () => void) => void queue.push({ at, order: order++, run });
  const element = (tag: string) => ({ tag, rel: '', href: '', as: '', src: '', crossOrigin: '', fetchPriority: '' });
  const listeners = new Map<string, () => void>();
  const heroImage = hero && {
    complete: 'complete' in hero,
    addEventListener: (type: string, listener: () => void) => void listeners.set(type, listener),
  };
  if (hero && 'loadsAt' in hero) schedule(hero.loadsAt, () => listeners.get('load')?.());
  const doc = {
    readyState: 'complete',
    visibilityState: visibility,
    createElement: element,
    querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? (heroImage ?? null) : null),
    getElementById: () => null,
    head: {
      appendChild: (el: ReturnType<typeof element>) => current.push(el.tag === 'script' ? `script ${el.src}` : `link ${el.href} ${el.as}`),
    },
  };
  const setTimeoutStub = (fn: () => void, ms = 0) => schedule(now + ms, fn);
  const frame = (fn: () => void) =>
    schedule((Math.floor(now / FRAME_MS) + 1) * FRAME_MS, () => {
      current.push('(frame)');
      fn();
    });
  const storage = (name: string) => ({
    getItem: () => {
      // A browser that refuses storage (a privacy mode) throws on the first read.
      if (storageRefused) throw new Error(`${name} refused`);
      current.push(`read ${name}`);
      return null;
    },
  });
  type Entry = { element: unknown };
  class PerformanceObserverStub {
    static supportedEntryTypes = elementTiming ? ['element', 'largest-contentful-paint', 'paint'] : ['largest-contentful-paint', 'paint'];
    private connected = false;
    constructor(private readonly callback: (list: { getEntries: () => Entry[] }, observer: PerformanceObserverStub) => void) {}
    observe(options: { type: string; buffered?: boolean }) {
      expect(options).toEqual({ type: 'element', buffered: true });
      this.connected = true;
      for (const { at, of } of paints) {
        const entry = { element: of === 'hero' ? heroImage : { tag: 'h1' } };
        schedule(at, () => this.connected && this.callback({ getEntries: () => [entry] }, this));
      }
    }
    disconnect() {
      this.connected = false;
    }
  }
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'localStorage', 'sessionStorage', 'PerformanceObserver', inline)(
    doc,
    frame,
    setTimeoutStub,
    storage('localStorage'),
    storage('sessionStorage'),
    PerformanceObserverStub,
  );
  const record = () => {
    if (current.length > 0) tasks.push(times ? [`@${now}`, ...current] : current);
    current = [];
  };
  // The inline script's own task.
  record();
  while (queue.length > 0) {
    queue.sort((a, b) => a.at - b.at || a.order - b.order);
    const next = queue.shift()!;
    now = Math.max(now, next.at);
    next.run();
    record();
  }
  return tasks;
}

describe('gateway: prerendered first paint', () => {
  it('puts the page\'s prerendered hero after the static navigation, with its styles in the head', async () => {
    const res = await request(app()).get('/cafe').expect(200);
    expect(res.text).toContain(`<!-- static-chrome:end -->${markup}</div>`);
    expect(res.text).toContain(`<style data-prerendered>${css}</style></head>`);
  });

  it('allows exactly those inline styles by hash in the page\'s CSP, nothing inline elsewhere', async () => {
    const res = await request(app()).get('/cafe').expect(200);
    const styleSrc = /style-src ([^;]*)/.exec(res.headers['content-security-policy'])![1];
    expect(styleSrc).toContain(hash(css));
    expect(styleSrc).toContain(hash('opacity:0.45'));
    expect(styleSrc).toContain("'unsafe-hashes'");
    expect(styleSrc).not.toContain("'unsafe-inline'");
    // Framed only by the site itself (the visual editor), like every page.
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves other pages without a prerender, and with the strict policy', async () => {
    const res = await request(app()).get('/book').expect(200);
    expect(res.text).not.toContain('data-prerendered');
    expect(res.headers['content-security-policy']).toMatch(/style-src 'self';/);
    // Their scripts start as the shell's build wrote them: they are needed to see the page.
    expect(res.text).toContain('<script defer src="/assets/main.abc123.js"></script>');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
  });

  it('starts a prerendered page\'s scripts after its first paint: nothing else is fetched before it, one inline script its CSP allows does the rest', async () => {
    const res = await request(app()).get('/cafe').expect(200);
    expect(res.text).not.toContain('<script defer');
    // No script, style or manifest preload in the head: the hero has the line to itself.
    expect(res.text).not.toMatch(/<link rel="preload" href="[^"]*" as="(?:script|style|fetch)"/);
    const inline = /<script>([^<]*)<\/script>/.exec(res.text)![1];
    expect(inline).toContain('[["/mf-manifest.json","fetch"]');
    expect(inline).toContain('"/assets/main.abc123.js"');
    expect(inline).toContain('requestAnimationFrame');
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers['content-security-policy'])![1];
    expect(scriptSrc).toBe(`'self' ${hash(inline)}`);
    expect(res.headers['content-security-policy']).toContain("script-src-attr 'none'");
    // A page without a prerender keeps its preloads in the head.
    const other = await request(app()).get('/book').expect(200);
    expect(other.text).toContain('<link rel="preload" href="/mf-manifest.json" as="fetch" crossorigin>');
  });

  it('hands the loader the page\'s preloads in order, the manifest first', () => {
    const page = '<head><link rel="preload" href="/mf-manifest.json" as="fetch" crossorigin="anonymous" /><script defer src="/assets/main.1.js"></script></head>';
    const { html, inline } = startScriptsAfterFirstPaint(page, [
      { href: '/assets/265.a.js', as: 'script' },
      { href: '/remotes/site/assets/routes.css', as: 'style' },
    ]);
    expect(html).toBe(`<head><script>${inline}</script></head>`);
    expect(inline).toContain('[["/mf-manifest.json","fetch"],["/assets/265.a.js","script"],["/remotes/site/assets/routes.css","style"]]');
    expect(runLoader(inline!)).toEqual([
      // Two frames after the first paint (the frame with the hero is on screen, not only drawn)...
      ['(frame)'],
      ['(frame)'],
      // ...the storage is opened a task before the shell's script, whose start reads it.
      ['read localStorage', 'read sessionStorage'],
      // The manifest and the shell's script first, then one preload per task, each after a frame.
      ['link /mf-manifest.json fetch', 'script /assets/main.1.js'],
      ['(frame)'],
      ['link /assets/265.a.js script'],
      ['(frame)'],
      ['link /remotes/site/assets/routes.css style'],
      ['(frame)'],
    ]);
  });

  it('in a background tab (no frames there), starts at once and asks for the preloads a task apart', () => {
    const page = '<head><link rel="preload" href="/mf-manifest.json" as="fetch" crossorigin /><script defer src="/assets/main.1.js"></script></head>';
    const { inline } = startScriptsAfterFirstPaint(page, [
      { href: '/assets/265.a.js', as: 'script' },
      { href: '/remotes/site/assets/routes.css', as: 'style' },
    ]);
    expect(runLoader(inline!, { visibility: 'hidden' })).toEqual([
      ['link /mf-manifest.json fetch', 'script /assets/main.1.js'],
      ['link /assets/265.a.js script'],
      ['link /remotes/site/assets/routes.css style'],
    ]);
  });

  it('starts the shell all the same where the browser refuses storage', () => {
    const page = '<head><script defer src="/assets/main.1.js"></script></head>';
    const { inline } = startScriptsAfterFirstPaint(page, [{ href: '/assets/265.a.js', as: 'script' }]);
    expect(runLoader(inline!, { storageRefused: true })).toEqual([['(frame)'], ['(frame)'], ['script /assets/main.1.js'], ['(frame)'], ['link /assets/265.a.js script'], ['(frame)']]);
  });

  describe('waits for the hero image to be on screen', () => {
    const page = '<head><script defer src="/assets/main.1.js"></script></head>';
    const inline = startScriptsAfterFirstPaint(page, [{ href: '/assets/265.a.js', as: 'script' }]).inline!;
    const started = (tasks: string[][]) => tasks.find((task) => task.includes('script /assets/main.1.js'));

    it('starts a task after the browser\'s paint entry for the image, not at its load event', () => {
      const tasks = runLoader(inline, {
        hero: { loadsAt: 100 },
        elementTiming: true,
        // A named heading paints first; the image arrives at 100 ms and its frame is on screen at
        // 180 ms (an AVIF decodes off the main thread): two frames after the load event, 128 ms, is too soon.
        paints: [
          { at: 40, of: 'text' },
          { at: 180, of: 'hero' },
        ],
        times: true,
      });
      expect(tasks.slice(0, 3)).toEqual([
        ['@180', 'read localStorage', 'read sessionStorage'],
        ['@180', 'script /assets/main.1.js'],
        ['@192', '(frame)'],
      ]);
      expect(tasks.filter((task) => task.includes('script /assets/main.1.js'))).toHaveLength(1);
    });

    it('takes an entry given before the loader looked (an image already on screen)', () => {
      const tasks = runLoader(inline, { hero: { complete: true }, elementTiming: true, paints: [{ at: 0, of: 'hero' }], times: true });
      expect(started(tasks)).toEqual(['@0', 'script /assets/main.1.js']);
    });

    it('starts two frames after the image arrived where the browser has no Element Timing', () => {
      const tasks = runLoader(inline, { hero: { loadsAt: 100 }, times: true });
      expect(tasks.slice(0, 4)).toEqual([['@112', '(frame)'], ['@128', '(frame)'], ['@128', 'read localStorage', 'read sessionStorage'], ['@128', 'script /assets/main.1.js']]);
    });

    it('starts at most 1 s after the image arrived when no paint entry comes for it', () => {
      const tasks = runLoader(inline, { hero: { loadsAt: 100 }, elementTiming: true, paints: [{ at: 40, of: 'text' }], times: true });
      expect(started(tasks)).toEqual(['@1120', 'script /assets/main.1.js']);
    });

    it('starts after 3 s when the image never arrives', () => {
      const tasks = runLoader(inline, { hero: { loadsAt: 60_000 }, elementTiming: true, times: true });
      expect(started(tasks)).toEqual(['@3024', 'script /assets/main.1.js']);
    });
  });

  it('leaves a page without the shell\'s entry script as it is', () => {
    expect(startScriptsAfterFirstPaint('<head><script type="module" src="/x.js"></script></head>')).toEqual({
      html: '<head><script type="module" src="/x.js"></script></head>',
      inline: null,
    });
  });

  it('keeps a prerendered page\'s preloads in the head when its scripts cannot be made to wait', async () => {
    const index = join(staticDir, 'shell/index.html');
    const original = readFileSync(index, 'utf8');
    writeFileSync(index, original.replace('<script defer src=', '<script type="module" src='));
    try {
      const res = await request(app()).get('/cafe').expect(200);
      expect(res.text).toContain('data-prerendered');
      expect(res.text).toContain('<script type="module" src="/assets/main.abc123.js"></script>');
      // The page's remote entry is still asked for early, as on a page without a prerender.
      expect(res.text).toMatch(/<link rel="preload" href="[^"]*remoteEntry\.js" as="script">/);
      expect(/script-src ([^;]*)/.exec(res.headers['content-security-policy'])![1]).toBe("'self'");
    } finally {
      writeFileSync(index, original);
    }
  });

  it('ignores an unreadable prerender file (pages still served)', async () => {
    writeFileSync(join(staticDir, 'prerender/pages.json'), '{not json');
    try {
      const res = await request(app()).get('/cafe').expect(200);
      expect(res.text).not.toContain('data-prerendered');
    } finally {
      writeFileSync(join(staticDir, 'prerender/pages.json'), JSON.stringify({ css, pages: { '/cafe': markup } }));
    }
  });

  it('finds the place after the static navigation in a minified page too (no comments left)', () => {
    const minified = '<html><body><div id="root"><header class="shell-topnav">nav</header></div></body></html>';
    expect(insertAfterStaticChrome(minified, '<main>x</main>')).toBe('<html><body><div id="root"><header class="shell-topnav">nav</header><main>x</main></div></body></html>');
    expect(insertAfterStaticChrome('<html><body><div id="root"></div></body></html>', '<main>x</main>')).not.toContain('<main>');
  });

  it('asks for the hero image first: a high-priority AVIF preload from the markup\'s eager picture', () => {
    const hero =
      '<main><picture class="cc-picture"><source srcSet="/images/cafe-1-480.avif 480w, /images/cafe-1-768.avif 768w" type="image/avif" sizes="100vw"/>' +
      '<source srcset="/images/cafe-1-480.webp 480w" type="image/webp" sizes="100vw"/><img fetchpriority="high" src="/images/cafe-1-768.webp"/></picture></main>';
    expect(heroImagePreload(hero)).toBe(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/images/cafe-1-480.avif 480w, /images/cafe-1-768.avif 768w" imagesizes="100vw" fetchpriority="high">',
    );
    // As React's renderer writes it.
    expect(heroImagePreload(hero.replace('fetchpriority="high"', 'fetchPriority="high"'))).toBe(heroImagePreload(hero));
    expect(heroImagePreload(hero.replace('fetchpriority="high"', 'loading="lazy"'))).toBe('');
    expect(heroImagePreload('<main><h1>No image</h1></main>')).toBe('');
  });

  it('puts the hero preload right after the viewport meta, so a phone picks the file for its own width', () => {
    const hero = '<main><picture><source srcset="/images/cafe-1-480.avif 480w" type="image/avif" sizes="100vw"/><img fetchPriority="high" src="/x.webp"/></picture></main>';
    const page = '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Croft</title></head></html>';
    const html = withHeroImagePreload(page, hero);
    expect(html).toBe(page.replace('initial-scale=1">', `initial-scale=1">${heroImagePreload(hero)}`));
    // A page without a viewport meta: first in the head. No hero image: the page as it was.
    expect(withHeroImagePreload('<html><head><title>Croft</title></head></html>', hero)).toBe(`<html><head>${heroImagePreload(hero)}<title>Croft</title></head></html>`);
    expect(withHeroImagePreload(page, '<main><h1>No image</h1></main>')).toBe(page);
  });
});
