import { colorToCss, isRichTextHtml, type LoginButtonStyle, type LoginPageSettings, parseColor } from '@emblem/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { backgroundImageCss, safeImageUrl } from '../page-builders/style';
import './login-page.css';

function css(color: LoginButtonStyle['color']): string | undefined {
  return color ? colorToCss(parseColor(color)) : undefined;
}

/** The button style as CSS variables that `.login-page__submit` reads (default and hover). */
export function buttonStyleVariables(style: LoginButtonStyle): Record<string, string | number | undefined> {
  const { top, right, bottom, left } = style.frame;
  return {
    '--login-button-font': style.family_css || undefined,
    '--login-button-weight': style.weight,
    '--login-button-size': style.size || undefined,
    '--login-button-line-height': style.line_height || undefined,
    '--login-button-transform': style.uppercase ? 'uppercase' : 'none',
    '--login-button-style': style.italic ? 'italic' : 'normal',
    '--login-button-fg': css(style.color),
    '--login-button-fg-hover': css(style.color_hover) ?? css(style.color),
    '--login-button-bg': css(style.background_color),
    '--login-button-bg-hover': css(style.background_color_hover) ?? css(style.background_color),
    '--login-button-border-width': `${style.border_width}px`,
    '--login-button-border': css(style.border_color) ?? 'transparent',
    '--login-button-border-hover': css(style.border_color_hover) ?? css(style.border_color) ?? 'transparent',
    '--login-button-radius': `${style.border_radius}px`,
    '--login-button-padding': `${top}px ${right}px ${bottom}px ${left}px`,
  };
}

/** The texts the sign-in page shows: the admin's, else the translated defaults (null); empty hides a text. */
export function useLoginTexts(settings: LoginPageSettings) {
  const { t } = useTranslation();
  return {
    title: settings.title ?? t('signIn.heading'),
    description: settings.description ?? t('signIn.lead'),
    buttonLabel: settings.buttonLabel ?? t('signIn.submit'),
    helpText: settings.helpText ?? '',
  };
}

/**
 * The help text under the form: rich text (HTML). It is sanitised on the server with the rich-text allow-list
 * (sanitizeRichText, docs/architecture.md) when it is saved and again when it is read (GET /api/login-page), and links that open a new window carry
 * rel="noopener noreferrer" from there. apps/web has no HTML sanitiser (DOMPurify is not one of its dependencies),
 * so the page relies on the server for that; the builder's live preview shows the editor's own HTML, which only
 * holds what its schema allows. A text without any tag is plain text and is shown as text (escaped by React).
 */
export function HelpText({ text }: { text: string }) {
  return isRichTextHtml(text) ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (see above).
    <div className="login-page__help" dangerouslySetInnerHTML={{ __html: text }} />
  ) : (
    <p className="login-page__help login-page__help--plain">{text}</p>
  );
}

export interface LoginPageViewProps {
  settings: LoginPageSettings;
  /** The alert and the form. */
  children: ReactNode;
  /** The title's heading level: 1 on /auth, lower inside the builder's preview. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/**
 * The sign-in page as its settings describe it: background colour and image, the card with key visual, title,
 * subline, the form (children) and a help text; the submit button follows the button style.
 */
export function LoginPageView({ settings, children, headingLevel = 1, className }: LoginPageViewProps) {
  const texts = useLoginTexts(settings);
  const keyVisual = safeImageUrl(settings.keyVisualUrl);
  const Heading = `h${headingLevel}` as 'h1' | 'h2' | 'h3';
  const style = {
    ...(settings.backgroundColor ? { backgroundColor: settings.backgroundColor } : {}),
    ...backgroundImageCss(settings.backgroundImageUrl, settings.backgroundPosition),
    ...(settings.buttonStyle ? buttonStyleVariables(settings.buttonStyle) : {}),
    '--login-card-radius': settings.cardRadius,
  } as CSSProperties;
  const classes = [
    'auth-page',
    'login-page',
    settings.buttonStyle ? 'login-page--styled-button' : '',
    settings.backgroundColor || keyVisual || settings.backgroundImageUrl ? 'login-page--branded' : '',
    className ?? '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} style={style} data-testid="login-page">
      <div className="auth-card login-page__card">
        {keyVisual ? (
          <img className="login-page__visual" src={keyVisual} alt="" style={{ maxHeight: settings.keyVisualMaxHeight }} />
        ) : null}
        <Heading className="auth-card__title">{texts.title}</Heading>
        {texts.description ? <p className="auth-card__lead">{texts.description}</p> : null}
        {children}
        {texts.helpText ? <HelpText text={texts.helpText} /> : null}
      </div>
    </div>
  );
}
