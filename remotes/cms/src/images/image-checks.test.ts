import { describe, expect, it } from 'vitest';
import { IMAGE_ALT_REQUIRED, IMAGE_ERROR_MESSAGES, IMAGE_UPLOAD_MAX_BYTES } from '@croft/contracts';
import { ApiError } from '@croft/api-client';
import { buildImageEditorRow } from '@croft/mocks';
import { altProblem, carouselsOf, imageErrorMessage, previewImageId, uploadFileProblem } from './image-checks';

/** A stand-in for a chosen file: the size and first bytes are all the checks read. */
const blob = (head: number[], size = head.length) =>
  ({ size, slice: () => ({ arrayBuffer: async () => new Uint8Array(head).buffer }) }) as unknown as Blob;

describe('image editor checks', () => {
  it('a file is checked by its size and first bytes, in the contract’s words', async () => {
    expect(await uploadFileProblem(null)).toBe(IMAGE_ERROR_MESSAGES.image_file_missing);
    expect(await uploadFileProblem(blob([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(await uploadFileProblem(blob([0x47, 0x49, 0x46, 0x38]))).toBe(IMAGE_ERROR_MESSAGES.image_type_unsupported);
    expect(await uploadFileProblem(blob([0xff, 0xd8, 0xff], IMAGE_UPLOAD_MAX_BYTES + 1))).toBe(IMAGE_ERROR_MESSAGES.image_too_large);
    expect(await uploadFileProblem(blob([], 0))).toBe(IMAGE_ERROR_MESSAGES.image_unreadable);
  });

  it('alt text follows the contract', () => {
    expect(altProblem('   ')).toBe(IMAGE_ALT_REQUIRED);
    expect(altProblem('x'.repeat(301))).toBe('The alt text must be at most 300 characters.');
    expect(altProblem('Two\nlines')).toMatch(/^The alt text must be one line/);
    expect(altProblem('The bar at night')).toBeNull();
  });

  it('names errors in the contract’s words, else the service’s', () => {
    expect(imageErrorMessage(new ApiError(503, 'storage_unavailable', 'x'))).toBe(IMAGE_ERROR_MESSAGES.storage_unavailable);
    expect(imageErrorMessage(new ApiError(400, 'invalid_request', 'Invalid request: body.alt.'))).toBe('Invalid request: body.alt.');
  });

  it('lists home’s hero before the background, and previews catalogue and uploaded images', () => {
    expect(carouselsOf('home', [])).toEqual(['hero', 'background']);
    expect(carouselsOf('cafe', [buildImageEditorRow({ page: 'cafe', carousel_name: 'specials' })])).toEqual(['background', 'specials']);
    expect(previewImageId({ image_url: '/images/cafe-2' })).toBe('cafe-2');
    expect(previewImageId({ image_url: '/api/content/media/aaaaaaaaaaaaaaaaaaaaaaaa' })).toBe('/api/content/media/aaaaaaaaaaaaaaaaaaaaaaaa');
  });
});
