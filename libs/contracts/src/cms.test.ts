import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  cmsContentRowSchema,
  cmsImagesQuerySchema,
  pageTextParamsSchema,
  positioningSchema,
} from './cms';
import { createSecretWordRequestSchema } from './secret-words';
import { PAGE_KEYS } from './constants';
import { GLOBAL_TEXT_DEFAULTS, defaultGlobalText } from './page-text';
import { PAGE_TEXT_DEFAULTS, defaultPageText } from './page-text-all';

const ok = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).success;

describe('positioningSchema (spec 000 §3)', () => {
  it('accepts exactly the spec values', () => {
    for (const alignment of ['left', 'center', 'right']) expect(ok(positioningSchema, { alignment })).toBe(true);
    for (const containerPosition of ['default', 'page-left', 'page-center', 'page-right']) {
      expect(ok(positioningSchema, { containerPosition })).toBe(true);
    }
    for (const step of ['0', '1', '2', '4', '8']) {
      expect(ok(positioningSchema, { marginTop: step, marginBottom: step, marginLeft: step, marginRight: step })).toBe(true);
    }
    expect(ok(positioningSchema, {})).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of [
      { alignment: 'justify' },
      { containerPosition: 'page-top' },
      { marginTop: '3' },
      { marginTop: 4 },
      { marginLeft: '16' },
      { padding: '1' },
      { alignment: { $ne: 'left' } },
    ]) {
      expect(ok(positioningSchema, bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('request schemas', () => {
  it('only knows the site pages and strict keys', () => {
    expect(ok(pageTextParamsSchema, { page: 'common-room' })).toBe(true);
    expect(ok(pageTextParamsSchema, { page: 'global' })).toBe(false);
    expect(ok(cmsImagesQuerySchema, { page: 'home', carousel_name: 'hero' })).toBe(true);
    expect(ok(cmsImagesQuerySchema, { page: 'home', carousel_name: 'Hero' })).toBe(false);
    expect(ok(cmsImagesQuerySchema, { page: 'home', carousel_name: 'hero', x: '1' })).toBe(false);
  });

  it('secret words are 1–40 letters with single spaces or hyphens', () => {
    for (const word of ['cask', 'gert lush', 'pale-ale', 'Smörgåsbord', 'x'.repeat(40)]) {
      expect(ok(createSecretWordRequestSchema, { word }), word).toBe(true);
    }
    for (const word of ['', ' cask', 'cask ', 'two  spaces', 'ipa2', 'a_b', '-cask', 'x'.repeat(41)]) {
      expect(ok(createSecretWordRequestSchema, { word }), word).toBe(false);
    }
  });

  it('a text row needs its content_data text and a site page', () => {
    const row = {
      id: '1', page: 'home', section: 'hero', content_key: 'title', content_type: 'text',
      content_data: { text: 'Hi' }, published: true, created_by: null, updated_at: '2025-01-01T00:00:00.000Z',
    };
    expect(ok(cmsContentRowSchema, row)).toBe(true);
    expect(ok(cmsContentRowSchema, { ...row, content_data: {} })).toBe(false);
    expect(ok(cmsContentRowSchema, { ...row, content_type: 'html' })).toBe(false);
  });
});

describe('bundled page text', () => {
  it('has a hero, about and details section for every page, in plain venue copy', () => {
    for (const page of PAGE_KEYS) {
      const text = PAGE_TEXT_DEFAULTS[page];
      expect(Object.keys(text), page).toEqual(['hero', 'about', 'details']);
      expect(Object.keys(text.hero)).toEqual(['title', 'subtitle']);
      for (const [section, keys] of Object.entries(text)) {
        for (const [key, value] of Object.entries(keys)) {
          expect(value.trim().length, `${page}.${section}.${key}`).toBeGreaterThan(0);
          expect(value.split(/\s+/).length, `${page}.${section}.${key}`).toBeLessThanOrEqual(60);
          expect(value).not.toMatch(/lorem|ipsum|TODO/i);
        }
      }
    }
    expect(defaultPageText('home', 'hero', 'title')).toBe('Croft Common');
    expect(defaultPageText('home', 'nowhere', 'title')).toBeUndefined();
  });

  it('has the global brand text', () => {
    expect(GLOBAL_TEXT_DEFAULTS.brand_name).toBe('Croft Common');
    for (const key of ['tagline', 'footer_address', 'footer_hours']) expect(defaultGlobalText(key)).toBeTruthy();
    expect(defaultGlobalText('missing')).toBeUndefined();
  });
});
