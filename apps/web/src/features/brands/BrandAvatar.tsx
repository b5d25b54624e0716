import type { Brand } from './api';

/** The brand's avatar image, or its initial on a colour derived from the id. */
export function BrandAvatar({ brand, size = 'md' }: { brand: Pick<Brand, 'id' | 'name' | 'avatar'>; size?: 'md' | 'lg' }) {
  if (brand.avatar) return <img className={`brand-avatar brand-avatar--${size}`} src={brand.avatar} alt="" />;
  const hue = (brand.id * 47) % 360;
  return (
    <span className={`brand-avatar brand-avatar--${size}`} style={{ backgroundColor: `hsl(${hue} 35% 30%)` }} aria-hidden="true">
      {brand.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
