import { avatarPopupAllowed, TOOLKIT_DELAYS } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { sessionQuery } from '../../lib/session';

/** The avatar's sizes, borders, background colours and themes. */
export const AVATAR_SIZES = [16, 22, 24, 28, 32, 40, 80] as const;
export const AVATAR_BORDERS = ['none', 'white', 'blue-dark'] as const;
export const AVATAR_BACKGROUNDS = ['blue-dark', 'red', 'yellow', 'green', 'black-100', 'black-10'] as const;
export const AVATAR_THEMES = ['light', 'dark'] as const;
/** Status (no badge for `no`), state. */
export const AVATAR_STATUSES = ['no', 'approved', 'declined', 'pending'] as const;
export const AVATAR_STATES = ['default', 'disabled'] as const;

export type AvatarSize = (typeof AVATAR_SIZES)[number];
export type AvatarStatus = (typeof AVATAR_STATUSES)[number];

/** Update events change the image and name of avatars with a matching userId. */
export const AVATAR_UPDATE_EVENT = 'emblem:avatar-update';
export interface AvatarUpdate {
  userId: number;
  imageUrl?: string | null;
  name?: string;
}
export function dispatchAvatarUpdate(update: AvatarUpdate): void {
  window.dispatchEvent(new CustomEvent<AvatarUpdate>(AVATAR_UPDATE_EVENT, { detail: update }));
}

/** GET /api/user/info/{userId} fields the popup reads. */
export interface AvatarUserInfo {
  preview_url_without_placeholder?: string | null;
  name?: string;
  email?: string;
  role?: string;
  organization?: string;
}

export interface AvatarProps {
  name: string;
  imageUrl?: string | null;
  size?: AvatarSize;
  border?: (typeof AVATAR_BORDERS)[number];
  backgroundColor?: (typeof AVATAR_BACKGROUNDS)[number];
  theme?: (typeof AVATAR_THEMES)[number];
  status?: AvatarStatus;
  state?: (typeof AVATAR_STATES)[number];
  userId?: number | string | null;
  /** Dark overlay over the image (e.g. under an action icon). */
  showOverlay?: boolean;
  lazyLoad?: boolean;
  /** Show the hover/focus popup with the user's info (only for other users). */
  showPopup?: boolean;
}

/** Up to two initials of a name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((w) => w?.[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * Avatar: the uploaded image, else initials (or a user icon when the image fails). Nothing is loaded from another
 * site: no third-party avatar service ever learns who is looking at whom.
 * status badge except
 * at size 80, and a popup from GET /api/user/info/{userId} for other users.
 */
export function Avatar({
  name: initialName,
  imageUrl: initialImage,
  size = 32,
  border = 'none',
  backgroundColor = 'blue-dark',
  theme = 'light',
  status = 'no',
  state = 'default',
  userId,
  showOverlay,
  lazyLoad,
  showPopup,
}: AvatarProps) {
  const { t } = useTranslation();
  // The signed-in user is only needed to keep the popup off one's own avatar.
  const session = useQuery({ ...sessionQuery, enabled: Boolean(showPopup) });
  const [name, setName] = useState(initialName);
  const [image, setImage] = useState(initialImage ?? null);
  const [failed, setFailed] = useState(false);
  const [popupOpen, setPopupOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const popupId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => setName(initialName), [initialName]);
  useEffect(() => {
    setImage(initialImage ?? null);
    setFailed(false);
  }, [initialImage]);

  // Update events for this user.
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const detail = (event as CustomEvent<AvatarUpdate>).detail;
      if (!detail || userId === undefined || userId === null || Number(detail.userId) !== Number(userId)) return;
      if (detail.imageUrl !== undefined) {
        setImage(detail.imageUrl);
        setFailed(false);
      }
      if (detail.name !== undefined) setName(detail.name);
    };
    window.addEventListener(AVATAR_UPDATE_EVENT, onUpdate);
    return () => window.removeEventListener(AVATAR_UPDATE_EVENT, onUpdate);
  }, [userId]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const popupAllowed = Boolean(showPopup) && avatarPopupAllowed(userId, session.data?.user?.id);
  const info = useQuery({
    queryKey: ['toolkit', 'user-info', Number(userId)],
    queryFn: async ({ signal }) => {
      const body = await request<unknown>(`/api/user/info/${Number(userId)}`, { signal });
      const data = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body;
      // A reply that is not an object does nothing.
      return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as AvatarUserInfo) : null;
    },
    enabled: popupAllowed && hovered,
  });

  const src = failed ? null : image;
  const showBadge = status !== 'no' && size !== 80;
  const classes = [
    'tk-avatar',
    `tk-avatar--${size}`,
    `tk-avatar--border-${border}`,
    `tk-avatar--bg-${backgroundColor}`,
    `tk-avatar--${theme}`,
    state === 'disabled' ? 'tk-avatar--disabled' : '',
  ]
    .filter(Boolean)
    .join(' ');

  const face = (
    <span className={classes} data-size={size} data-status={status}>
      {src ? (
        <img
          className="tk-avatar__image"
          src={src}
          alt=""
          width={size}
          height={size}
          loading={lazyLoad ? 'lazy' : undefined}
          onError={() => setFailed(true)}
        />
      ) : name.trim() ? (
        <span className="tk-avatar__initials" aria-hidden="true">
          {initialsOf(name)}
        </span>
      ) : (
        <span className="tk-avatar__placeholder" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="60%" height="60%" aria-hidden="true">
            <circle cx="12" cy="8" r="4" fill="currentColor" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
          </svg>
        </span>
      )}
      {showOverlay ? <span className="tk-avatar__overlay" aria-hidden="true" /> : null}
      {showBadge ? <span className={`tk-avatar__badge tk-avatar__badge--${status}`} aria-hidden="true" /> : null}
    </span>
  );
  const label = showBadge ? t('toolkit.avatar.withStatus', { name, status: t(`toolkit.avatar.status.${status}`) }) : name;

  if (!popupAllowed) {
    return (
      <span className="tk-avatar-wrap" role="img" aria-label={label || t('toolkit.avatar.unknown')}>
        {face}
      </span>
    );
  }

  const show = () => {
    setHovered(true);
    if (timer.current) clearTimeout(timer.current);
    // The info is asked for after 1 ms of hover or focus.
    timer.current = setTimeout(() => setPopupOpen(true), TOOLKIT_DELAYS.avatarPopup);
  };
  const hide = () => {
    if (timer.current) clearTimeout(timer.current);
    setPopupOpen(false);
  };
  const data = info.data;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors the focus behaviour of the button inside.
    <span className="tk-avatar-wrap tk-avatar-wrap--popup" onMouseEnter={show} onMouseLeave={hide}>
      <button
        type="button"
        className="tk-avatar__trigger"
        aria-describedby={popupOpen && data ? popupId : undefined}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(e) => {
          if (e.key === 'Escape') hide();
        }}
      >
        {face}
        <span className="visually-hidden">{label}</span>
      </button>
      {popupOpen && data ? (
        <span id={popupId} role="tooltip" className="tk-avatar__popup">
          <strong>{data.name ?? name}</strong>
          {data.email ? <span>{data.email}</span> : null}
          {data.role ? <span className="muted">{data.role}</span> : null}
          {data.organization ? <span className="muted">{data.organization}</span> : null}
        </span>
      ) : null}
    </span>
  );
}
