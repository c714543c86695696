import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ORIGIN } from './membership';

/** A different photo-like JPEG per seed (the service refuses the same photo twice on a card). */
export async function cup(seed: number, size = { width: 1200, height: 900 }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 1200 900" preserveAspectRatio="none">
    <rect width="100%" height="100%" fill="hsl(${(seed * 47) % 360},40%,${30 + ((seed * 7) % 30)}%)"/>
    <circle cx="${300 + ((seed * 61) % 600)}" cy="${250 + ((seed * 37) % 400)}" r="${120 + ((seed * 13) % 120)}" fill="#f4efe6"/>
    <rect x="${(seed * 97) % 800}" y="${(seed * 53) % 600}" width="300" height="200" fill="hsl(${(seed * 89) % 360},50%,60%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A signed-in member's bearer headers (the session's refresh cookie → an access token). */
export async function memberHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/identity/token?grant_type=refresh_token', { headers: { Origin: E2E_ORIGIN } });
  expect(res.ok(), await res.text()).toBe(true);
  return { Origin: E2E_ORIGIN, Authorization: `Bearer ${(await res.json()).access_token}` };
}

/** POST one photo to a box of a card through the gateway. */
export const uploadPhoto = (request: APIRequestContext, headers: Record<string, string>, cardId: string, index: number, kind: string, buffer: Buffer) =>
  request.post(`/api/loyalty/cards/${cardId}/entries`, {
    headers,
    multipart: { index: String(index), kind, photo: { name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer } },
  });
