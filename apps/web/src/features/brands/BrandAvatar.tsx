import type { Brand } from './api';

/**
 * The brand's avatar image, or its initial on a colour derived from the id. The image is shown whole
 * (`object-fit: contain` on white): avatars saved with "Fit" are padded squares, older ones may be wide.
 */
export function BrandAvatar({ brand, size = 'md' }: { brand: Pick<Brand, 'id' | 'name' | 'avatar'>; size?: 'md' | 'lg' }) {
  if (brand.avatar) return <img className={`brand-avatar brand-avatar--image brand-avatar--${size}`} src={brand.avatar} alt="" />;
  const hue = (brand.id * 47) % 360;
  return (
    <span className={`brand-avatar brand-avatar--${size}`} style={{ backgroundColor: `hsl(${hue} 35% 30%)` }} aria-hidden="true">
      {brand.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
