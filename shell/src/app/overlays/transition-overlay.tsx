import { IMAGE_FORMATS, imageSrcSet, imageUrl, IMAGE_ASPECT } from '@croft/contracts/imagery';
import type { TransitionState } from './transition-controller';
import { OverlayLogo } from './overlay-logo';
import { StrobeTexture } from './strobe-texture';
import './overlays.css';

/**
 * The full-screen page-transition overlay (spec 000 §2, §4). Fixed over the page, so it never
 * moves the layout beneath; the page under it renders as usual. Announced politely so screen
 * reader users know the page is changing.
 */
export function TransitionOverlay({ state }: { state: TransitionState }) {
  if (!state.visible) return null;
  return (
    <div
      className="shell-overlay shell-overlay--transition"
      data-phase={state.phase}
      data-variant={state.variant}
      data-leaving={state.leaving}
      role="status"
      aria-live="polite"
    >
      <span className="shell-overlay__sr">Loading page</span>
      {state.phase === 'strobe' && <StrobeTexture />}
      {state.preview && state.phase === 'soft-logo' && (
        <picture className="shell-overlay__preview" aria-hidden="true">
          {IMAGE_FORMATS.map((format) => (
            <source key={format} type={`image/${format}`} srcSet={imageSrcSet(state.preview!, format)} sizes="100vw" />
          ))}
          <img src={imageUrl(state.preview, 768, 'webp')} alt="" width={IMAGE_ASPECT.width} height={IMAGE_ASPECT.height} decoding="async" />
        </picture>
      )}
      {state.phase !== 'strobe' && <OverlayLogo className="shell-overlay__logo" />}
    </div>
  );
}
