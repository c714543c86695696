import {
  BACKGROUND_CAROUSEL,
  BACKGROUND_SETS,
  GLOBAL_TEXT_DEFAULTS,
  HERO_CAROUSEL,
  IMAGE_BASE_PATH,
  PAGE_KEYS,
  PAGE_TEXT_DEFAULTS,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type CmsImageRow,
  type PageKey,
  type SecretWordRow,
} from '@croft/contracts';

const SEEDED_AT = '2025-01-01T00:00:00.000Z';
let nextId = 1;
const id = (prefix: string) => `${prefix}-${nextId++}`;

/** A cms_content text row that parses with cmsContentRowSchema; override any field. */
export function buildCmsTextRow(overrides: Partial<CmsContentRow> = {}): CmsContentRow {
  return {
    id: overrides.id ?? id('text'),
    page: 'home',
    section: 'hero',
    content_key: 'title',
    content_type: 'text',
    content_data: { text: 'Croft Common' },
    published: true,
    created_by: null,
    updated_at: SEEDED_AT,
    ...overrides,
  };
}

/** A cms_global_content row; override any field (content_data follows content_value unless given). */
export function buildGlobalTextRow(overrides: Partial<CmsGlobalContentRow> = {}): CmsGlobalContentRow {
  const value = overrides.content_value ?? 'Croft Common';
  return {
    id: overrides.id ?? id('global'),
    content_key: 'brand_name',
    content_type: 'text',
    content_value: value,
    content_data: { text: value },
    published: true,
    created_by: null,
    updated_at: SEEDED_AT,
    ...overrides,
  };
}

/** A cms_images row; override any field. */
export function buildCmsImageRow(overrides: Partial<CmsImageRow> = {}): CmsImageRow {
  return {
    id: overrides.id ?? id('image'),
    page: 'home',
    carousel_name: HERO_CAROUSEL,
    published: true,
    sort_order: 10,
    image_url: `${IMAGE_BASE_PATH}/home-1`,
    metadata: { type: 'dark', overlay: 0.35, backgroundPosition: 'center', backgroundSize: 'cover' },
    ...overrides,
  };
}

/** A secret_words row; override any field. */
export function buildSecretWordRow(overrides: Partial<SecretWordRow> = {}): SecretWordRow {
  return { id: overrides.id ?? id('word'), word: 'stillage', is_active: true, created_at: SEEDED_AT, ...overrides };
}

/** Every page's bundled text as published rows, as the seeded content service answers it. */
export function buildPageTextFixtures(pages: readonly PageKey[] = PAGE_KEYS): CmsContentRow[] {
  return pages.flatMap((page) =>
    Object.entries(PAGE_TEXT_DEFAULTS[page]).flatMap(([section, keys]) =>
      Object.entries(keys).map(([content_key, text]) =>
        buildCmsTextRow({ id: `text-${page}-${section}-${content_key}`, page, section, content_key, content_data: { text } }),
      ),
    ),
  );
}

/** The bundled global text as published rows. */
export function buildGlobalTextFixtures(): CmsGlobalContentRow[] {
  return Object.entries(GLOBAL_TEXT_DEFAULTS).map(([content_key, text]) =>
    buildGlobalTextRow({ id: `global-${content_key}`, content_key, content_value: text }),
  );
}

/** The seeded carousels: home 'hero' and a 'background' carousel per page, from the imagery catalogue. */
export function buildCarouselFixtures(): CmsImageRow[] {
  const rows = (page: PageKey, carousel: string) =>
    BACKGROUND_SETS[page].map((image, index) =>
      buildCmsImageRow({
        id: `image-${page}-${carousel}-${index + 1}`,
        page,
        carousel_name: carousel,
        sort_order: (index + 1) * 10,
        image_url: `${IMAGE_BASE_PATH}/${image.id}`,
        metadata: {
          type: image.tone,
          ...(image.overlay !== undefined ? { overlay: image.overlay } : {}),
          backgroundPosition: image.position ?? 'center',
          backgroundSize: image.size ?? 'cover',
          alt: image.alt,
        },
      }),
    );
  return [...rows('home', HERO_CAROUSEL), ...PAGE_KEYS.flatMap((page) => rows(page, BACKGROUND_CAROUSEL))];
}

/** Active secret words, oldest first, plus one retired word the public list must leave out. */
export function buildSecretWordFixtures(): SecretWordRow[] {
  const words = ['stillage', 'harbourside', 'gromit', 'sparkler', 'brunel', 'cask'];
  return [
    ...words.map((word, index) =>
      buildSecretWordRow({ id: `word-${index + 1}`, word, created_at: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString() }),
    ),
    buildSecretWordRow({ id: 'word-retired', word: 'retired', is_active: false, created_at: '2024-12-31T00:00:00.000Z' }),
  ];
}
