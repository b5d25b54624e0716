import { useTranslation } from 'react-i18next';

/** The column layouts a section offers. */
export const SECTION_LAYOUTS: readonly (readonly number[])[] = [[1], [1, 1], [2, 1], [1, 2], [1, 1, 1]];

export const layoutKey = (proportions: readonly number[]) => proportions.join('-');

/** The layout's name ("Two columns, wide left") for menus and buttons. */
export function useLayoutName() {
  const { t } = useTranslation();
  return (proportions: readonly number[]) => {
    const key = layoutKey(proportions);
    const known = ['1', '1-1', '2-1', '1-2', '1-1-1'];
    return known.includes(key)
      ? t(`guidelines.layouts.${key as '1'}`)
      : t('guidelines.layouts.custom', { layout: proportions.join(' : ') });
  };
}

/** A small picture of the columns. */
export function LayoutPicture({ proportions }: { proportions: readonly number[] }) {
  return (
    <span className="layout-picture" aria-hidden="true" style={{ gridTemplateColumns: proportions.map((p) => `${p}fr`).join(' ') }}>
      {proportions.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are their positions.
        <span key={i} className="layout-picture__column" />
      ))}
    </span>
  );
}
