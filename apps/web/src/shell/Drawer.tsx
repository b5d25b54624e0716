import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** The drawer's timing and size: exit animation, then the close callback; focus moves in after a delay. */
export const DRAWER_CLOSE_DELAY_MS = 500;
export const DRAWER_FOCUS_DELAY_MS = 1000;
export const DRAWER_MAX_SIZE_PX = 600;

export type DrawerPlacement = 'right' | 'left' | 'top' | 'bottom';

/**
 * Presses inside these do not close the drawer: other dialogs, menus, listboxes and popovers, which are
 * usually rendered in portals outside the drawer's DOM subtree.
 */
const OVERLAY_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-popover], [role="tooltip"]';

const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DrawerProps {
  /** The accessible name of the drawer (role=dialog). */
  label: string;
  /** Called after the exit animation once the drawer asked to close. */
  onClose: () => void;
  placement?: DrawerPlacement;
  children: ReactNode;
  /** Optional heading shown in the drawer's header bar. */
  title?: ReactNode;
}

/** True when a press at `target` happened inside another overlay, which must not close the drawer. */
export function isInsideOtherOverlay(target: Element, drawer: Element): boolean {
  const overlay = target.closest(OVERLAY_SELECTOR);
  return overlay !== null && overlay !== drawer && !drawer.contains(overlay);
}

/**
 * A slide-in panel. Mount it to open it; it closes by its close button,
 * Escape or a press outside it, plays a 500 ms exit animation, then calls onClose.
 * Placement uses logical insets: in a right-to-left document 'right' sits at the end, which is the left edge.
 */
export function Drawer({ label, onClose, placement = 'right', children, title }: DrawerProps) {
  const { t } = useTranslation();
  const [isClosing, setIsClosing] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const closingRef = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();

  const requestClose = useCallback(() => {
    if (closingRef.current) return;
    closingRef.current = true;
    setIsClosing(true);
  }, []);

  // After the exit animation, tell the owner.
  useEffect(() => {
    if (!isClosing) return;
    const timer = window.setTimeout(() => onCloseRef.current(), DRAWER_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isClosing]);

  // Move focus into the drawer after the focus delay; give it back to the opener when the drawer goes away.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const timer = window.setTimeout(() => {
      const panel = panelRef.current;
      if (!panel || panel.contains(document.activeElement)) return;
      const first = panel.querySelector<HTMLElement>(FOCUSABLE_SELECTOR);
      (first ?? panel).focus();
    }, DRAWER_FOCUS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Escape and presses outside close it.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (event.key !== 'Escape' || !panel) return;
      const target = event.target instanceof Element ? event.target : null;
      // Escape inside a nested dialog or menu belongs to that overlay.
      if (target && !panel.contains(target) && isInsideOtherOverlay(target, panel)) return;
      if (target && panel.contains(target) && target.closest(OVERLAY_SELECTOR) !== panel) return;
      event.preventDefault();
      requestClose();
    };
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const panel = panelRef.current;
      const target = event.target instanceof Element ? event.target : null;
      if (!panel || !target || panel.contains(target)) return;
      if (isInsideOtherOverlay(target, panel)) return;
      requestClose();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [requestClose]);

  // Keep Tab inside the open drawer (it is modal).
  const onPanelKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusables = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR));
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const state = isClosing ? 'closing' : 'open';
  return createPortal(
    <div className={`drawer-root drawer-root--${state}`} data-state={state}>
      <div className="drawer-backdrop" aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-describedby={title ? titleId : undefined}
        tabIndex={-1}
        className={`drawer drawer--${placement}`}
        data-placement={placement}
        data-state={state}
        style={placement === 'top' || placement === 'bottom' ? { maxHeight: DRAWER_MAX_SIZE_PX } : { maxWidth: DRAWER_MAX_SIZE_PX }}
        onKeyDown={onPanelKeyDown}
      >
        <div className="drawer__header">
          {title ? (
            <div id={titleId} className="drawer__title">
              {title}
            </div>
          ) : (
            <span />
          )}
          <button type="button" className="button button--ghost button--sm drawer__close" onClick={requestClose}>
            <span aria-hidden="true">✕</span>
            <span className="visually-hidden">{t('drawer.close')}</span>
          </button>
        </div>
        <div className="drawer__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
