import { useState } from 'react';
import { IMAGE_BASE_PATH, LOGO_IMAGE_ID } from '@croft/contracts/imagery';

/**
 * The wordmark bundled with the shell: shown when the served logo image fails to load. Both are
 * 3:2 (the served logo is 1920×1280), and the <img> says so, so the box never changes shape when
 * the image arrives (it did: a layout shift of 0.017 on every first visit's intro).
 */
export const BUNDLED_LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400"><rect width="600" height="400" fill="#000"/>' +
      '<text x="300" y="232" text-anchor="middle" font-family="Oswald, Impact, sans-serif" font-weight="700" font-size="96" letter-spacing="6" fill="#fff">CROFT COMMON</text></svg>',
  );

export const LOGO_SRC = `${IMAGE_BASE_PATH}/${LOGO_IMAGE_ID}.svg`;

/** 'CROFT COMMON' logo of the overlays; falls back to the bundled image if the primary fails. */
export function OverlayLogo({ className }: { className?: string }) {
  const [src, setSrc] = useState(LOGO_SRC);
  return (
    <img
      className={className}
      src={src}
      alt="CROFT COMMON"
      width={600}
      height={400}
      decoding="async"
      onError={() => setSrc((current) => (current === BUNDLED_LOGO ? current : BUNDLED_LOGO))}
    />
  );
}
