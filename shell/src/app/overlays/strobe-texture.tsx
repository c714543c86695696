import { IMAGE_FORMATS, STROBE_TEXTURE_ID, imageUrl } from '@croft/contracts/imagery';

/**
 * The strobing texture: a small image, stretched and toggled by a CSS steps() animation every
 * 166 ms. Small on purpose (480 px): it flashes, nobody studies it, and it must not compete with
 * the page's own largest paint. If it fails, the CSS pattern under it still strobes.
 */
export function StrobeTexture() {
  return (
    <div className="shell-overlay__strobe" aria-hidden="true">
      <picture>
        {IMAGE_FORMATS.map((format) => (
          <source key={format} type={`image/${format}`} srcSet={imageUrl(STROBE_TEXTURE_ID, 480, format)} />
        ))}
        <img src={imageUrl(STROBE_TEXTURE_ID, 480, 'webp')} alt="" width={480} height={320} decoding="async" />
      </picture>
    </div>
  );
}
