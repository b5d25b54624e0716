import type { ImageValue } from './imageValue';

/** The saved image shown with its crop: the cropped part as a background scaled to fill the frame. */
export function CroppedImage({ value, alt }: { value: ImageValue; alt: string }) {
  const crop = value.crop;
  if (!crop || !value.width || !value.height) return <img className="image-setting__image" src={value.url ?? ''} alt={alt} />;
  const referenceHeight = (value.height * crop.reference_width) / value.width;
  const spanX = crop.reference_width - crop.width;
  const spanY = referenceHeight - crop.height;
  return (
    <div
      className="image-setting__image image-setting__image--cropped"
      role="img"
      aria-label={alt}
      style={{
        aspectRatio: `${crop.width} / ${Math.max(1, crop.height)}`,
        backgroundImage: `url("${(value.url ?? '').replace(/"/g, '%22')}")`,
        backgroundSize: `${(crop.reference_width / Math.max(1, crop.width)) * 100}% auto`,
        backgroundPosition: `${spanX > 0 ? (crop.x / spanX) * 100 : 0}% ${spanY > 0 ? (crop.y / spanY) * 100 : 0}%`,
      }}
    />
  );
}
