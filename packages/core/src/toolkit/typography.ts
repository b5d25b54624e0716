/** Web font weights 100–900 are offered for Google fonts only; other providers get regular and bold. */
export function fontWeightsFor(provider: string | null | undefined): number[] {
  return (provider ?? '').toLowerCase() === 'google' ? [100, 200, 300, 400, 500, 600, 700, 800, 900] : [400, 700];
}

/** Editor font sizes; '' is the empty choice (inherit). */
export const EDITOR_FONT_SIZES = [
  '',
  '14px',
  '16px',
  '18px',
  '22px',
  '24px',
  '32px',
  '36px',
  '40px',
  '48px',
  '54px',
  '60px',
  '72px',
] as const;
/** Editor styles: body, h1–h4 (h5 and h6 are displayed only), quote, custom1–custom3. */
export const EDITOR_STYLES = ['body', 'h1', 'h2', 'h3', 'h4', 'quote', 'custom1', 'custom2', 'custom3'] as const;
export type EditorStyle = (typeof EDITOR_STYLES)[number];
