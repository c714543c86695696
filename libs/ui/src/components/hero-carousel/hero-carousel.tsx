import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, FocusEvent, ReactNode } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { cx } from '../../utils/cx';
import { Picture } from '../picture/picture';
import { CAROUSEL_TIMING, createAutoplayScheduler, eagerImageCount, isConstrained } from './carousel-timing';
import type { AutoplayScheduler, AutoplayState, CarouselEnvironment } from './carousel-timing';
import { readCarouselEnvironment, watchCarouselEnvironment } from './use-carousel-environment';
import './hero-carousel.css';

/** One slide: a catalogue image id (cms_images row → id), its description, scrim and focus point. */
export interface HeroSlide {
  id: string;
  alt: string;
  /** Dark scrim strength 0–1 laid over the image. */
  overlay?: number;
  /** object-position, e.g. 'center top'. */
  position?: string;
}

export interface HeroSlotContext {
  index: number;
  slide: HeroSlide;
}

export interface HeroCarouselProps {
  slides: readonly HeroSlide[];
  /** Accessible name of the carousel region (default 'Highlights'). */
  label?: string;
  /** Content over the slides (headline, strapline). */
  children?: ReactNode;
  /** The Book and Open buttons (the site supplies them). */
  actions?: ReactNode | ((context: HeroSlotContext) => ReactNode);
  /** Image `sizes` (default the full viewport width). */
  sizes?: string;
  className?: string;
  style?: CSSProperties;
  /** Test/story hook: fixed facts instead of reading the browser. */
  environment?: CarouselEnvironment;
}

function Glyph({ d }: { d: string }) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={d} />
    </svg>
  );
}
const PREV = 'M15.5 4 17.6 6.1 11.7 12l5.9 5.9-2.1 2.1-8-8z';
const NEXT = 'M8.5 4 6.4 6.1l5.9 5.9-5.9 5.9L8.5 20l8-8z';
const PAUSE = 'M6 4h4v16H6zm8 0h4v16h-4z';
const PLAY = 'M7 4v16l13-8z';

/**
 * The home hero: full-bleed slides of brand artwork on embla-carousel (core),
 * with previous/next, dot and pause/play buttons (WCAG 2.2.2), pausing on
 * hover and focus. Timing lives in carousel-timing.ts: 4 s desktop, 6 s mobile
 * or slow connection, start after the 2 s start timeout and 1 s after window
 * load, no autoplay under prefers-reduced-motion. The first slide is the LCP
 * candidate: in the markup from the start, eager, fetchpriority high, in a box
 * reserved by CSS (no layout shift, no fade-in).
 */
export function HeroCarousel({
  slides,
  label = 'Highlights',
  children,
  actions,
  sizes = '100vw',
  className,
  style,
  environment,
}: HeroCarouselProps) {
  const baseId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const emblaRef = useRef<EmblaCarouselType | null>(null);
  const schedulerRef = useRef<AutoplayScheduler | null>(null);
  const reducedRef = useRef(false);
  const [selected, setSelected] = useState(0);
  // Before mount: assume a constrained device (2 images), which is what the
  // prerendered markup holds; widened right after mount on desktop.
  const [loadCount, setLoadCount] = useState(Math.min(CAROUSEL_TIMING.eagerImagesWhenConstrained, slides.length));
  const [auto, setAuto] = useState<AutoplayState>({
    ready: false,
    playing: false,
    enabled: true,
    paused: [],
    reducedMotion: false,
  });
  const count = slides.length;

  // Embla: one instance per slide count, loaded in its own chunk when the carousel is first
  // about to move: the autoplay start (2 s) or a visitor reaching for it (pointer, touch, focus).
  // The first slide needs no script to show, so a visitor's first download stays small.
  const startEmblaRef = useRef<(then?: (api: EmblaCarouselType) => void) => void>(() => undefined);
  useEffect(() => {
    const viewport = viewportRef.current;
    const root = rootRef.current;
    if (!viewport || !root || count < 2) return;
    let live = true;
    let requested = false;
    let cleanup = () => undefined as void;
    const waiting: ((api: EmblaCarouselType) => void)[] = [];
    const start = (then?: (api: EmblaCarouselType) => void) => {
      if (then) {
        if (emblaRef.current) then(emblaRef.current);
        else waiting.push(then);
      }
      if (requested) return;
      requested = true;
      void import('embla-carousel').then(({ default: EmblaCarousel }) => {
        if (!live) return;
        const api = EmblaCarousel(viewport, { loop: true, align: 'start' });
        emblaRef.current = api;
        const onSelect = () => setSelected(api.selectedScrollSnap());
        const onPointerDown = () => schedulerRef.current?.restart();
        api.on('select', onSelect);
        api.on('pointerDown', onPointerDown);
        cleanup = () => {
          api.off('select', onSelect);
          api.off('pointerDown', onPointerDown);
          api.destroy();
          emblaRef.current = null;
        };
        waiting.splice(0).forEach((fn) => fn(api));
      });
    };
    startEmblaRef.current = start;
    const warm = () => start();
    const timer = setTimeout(warm, CAROUSEL_TIMING.startTimeoutMs);
    root.addEventListener('pointerenter', warm);
    root.addEventListener('touchstart', warm, { passive: true });
    root.addEventListener('focusin', warm);
    return () => {
      live = false;
      clearTimeout(timer);
      root.removeEventListener('pointerenter', warm);
      root.removeEventListener('touchstart', warm);
      root.removeEventListener('focusin', warm);
      startEmblaRef.current = () => undefined;
      cleanup();
    };
  }, [count]);

  // Autoplay scheduler, deferred images and the facts they depend on. Reading the viewport's
  // width makes the browser lay the page out there and then; read in the commit, that layout
  // (of the whole page, on a phone tens of ms) ran inside React's task. In a task of its own it
  // is the layout the browser does for the next frame anyway. Given facts (tests, stories) are
  // used at once.
  useEffect(() => {
    if (count < 2) return;
    const setUpAutoplay = (): (() => void) => {
      const read = () => environment ?? readCarouselEnvironment();
      let env = read();
      reducedRef.current = env.reducedMotion;
      const eager = eagerImageCount(env, count);
      setLoadCount((n) => Math.max(n, eager));
      const deferred =
        eager < count ? setTimeout(() => setLoadCount(count), CAROUSEL_TIMING.deferredImagesDelayMs) : undefined;

      const scheduler = createAutoplayScheduler({
        env,
        pageLoaded: document.readyState === 'complete',
        onAdvance: () => startEmblaRef.current((api) => api.scrollNext(reducedRef.current)),
        onChange: setAuto,
      });
      schedulerRef.current = scheduler;
      setAuto(scheduler.state());

      const onLoad = () => scheduler.pageLoaded();
      window.addEventListener('load', onLoad);
      const onVisibility = () =>
        document.visibilityState === 'hidden' ? scheduler.pause('hidden') : scheduler.resume('hidden');
      document.addEventListener('visibilitychange', onVisibility);
      const unwatch = environment
        ? () => undefined
        : watchCarouselEnvironment((next) => {
            const changed =
              next.reducedMotion !== env.reducedMotion || isConstrained(next) !== isConstrained(env);
            env = next;
            reducedRef.current = next.reducedMotion;
            if (changed) scheduler.setEnv(next);
          });

      return () => {
        if (deferred) clearTimeout(deferred);
        window.removeEventListener('load', onLoad);
        document.removeEventListener('visibilitychange', onVisibility);
        unwatch();
        scheduler.destroy();
        schedulerRef.current = null;
      };
    };
    let teardown = () => undefined as void;
    const setup = () => {
      teardown = setUpAutoplay();
    };
    if (environment) {
      setup();
      return () => teardown();
    }
    const timer = setTimeout(setup, 0);
    return () => {
      clearTimeout(timer);
      teardown();
    };
  }, [count, environment]);

  if (count === 0) return null;

  const goTo = (index: number) => {
    startEmblaRef.current((api) => api.scrollTo(index, reducedRef.current));
    schedulerRef.current?.restart();
  };
  const step = (delta: 1 | -1) => {
    startEmblaRef.current((api) => (delta === 1 ? api.scrollNext(reducedRef.current) : api.scrollPrev(reducedRef.current)));
    schedulerRef.current?.restart();
  };
  const togglePlay = () => {
    const scheduler = schedulerRef.current;
    if (!scheduler) return;
    if (scheduler.state().enabled) scheduler.pause('user');
    else scheduler.resume('user');
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) schedulerRef.current?.resume('focus');
  };

  const slide = slides[selected] ?? slides[0];
  const slotContext: HeroSlotContext = { index: selected, slide };

  return (
    <section
      ref={rootRef}
      className={cx('cc-hero', className)}
      style={style}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={(e) => e.pointerType === 'mouse' && schedulerRef.current?.pause('hover')}
      onPointerLeave={(e) => e.pointerType === 'mouse' && schedulerRef.current?.resume('hover')}
      onFocus={() => schedulerRef.current?.pause('focus')}
      onBlur={onBlur}
      data-playing={auto.playing ? 'true' : 'false'}
    >
      <div className="cc-hero__viewport" ref={viewportRef}>
        <div className="cc-hero__container" id={`${baseId}-slides`} aria-live={auto.playing ? 'off' : 'polite'}>
          {slides.map((s, i) => (
            <div
              key={`${s.id}-${i}`}
              className="cc-hero__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i === selected ? undefined : true}
              data-index={i}
            >
              {i < loadCount ? (
                <Picture
                  imageId={s.id}
                  alt={s.alt}
                  sizes={sizes}
                  fit="cover"
                  position={s.position}
                  loading="eager"
                  fetchPriority={i === 0 ? 'high' : 'low'}
                />
              ) : null}
              <div className="cc-hero__scrim" style={{ '--cc-scrim': String(s.overlay ?? 0.35) } as CSSProperties} />
            </div>
          ))}
        </div>
      </div>

      {children ? <div className="cc-hero__content">{children}</div> : null}
      {actions ? (
        <div className="cc-hero__actions">{typeof actions === 'function' ? actions(slotContext) : actions}</div>
      ) : null}

      {count > 1 ? (
        <div className="cc-hero__controls">
          <button
            type="button"
            className="cc-hero__button"
            aria-label={auto.enabled ? 'Pause slideshow' : 'Play slideshow'}
            aria-controls={`${baseId}-slides`}
            onClick={togglePlay}
            data-action="toggle"
          >
            <Glyph d={auto.enabled ? PAUSE : PLAY} />
          </button>
          <button
            type="button"
            className="cc-hero__button"
            aria-label="Previous slide"
            aria-controls={`${baseId}-slides`}
            onClick={() => step(-1)}
          >
            <Glyph d={PREV} />
          </button>
          <div className="cc-hero__dots">
            {slides.map((s, i) => (
              <button
                key={`${s.id}-${i}`}
                type="button"
                className="cc-hero__dot"
                aria-label={`Show slide ${i + 1} of ${count}`}
                aria-controls={`${baseId}-slides`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="cc-hero__button"
            aria-label="Next slide"
            aria-controls={`${baseId}-slides`}
            onClick={() => step(1)}
          >
            <Glyph d={NEXT} />
          </button>
        </div>
      ) : null}
    </section>
  );
}
