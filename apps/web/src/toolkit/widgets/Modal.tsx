import { modalZIndex, TOOLKIT_DELAYS } from '@emblem/core';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { Button as AriaButton, Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

/**
 * Modals of the toolkit: opened by id from any element carrying `data-modal-id`
 * (or openModal()), stacked with a counter (z-index 2000 + 2 per modal already open), focus trapped inside and
 * returned on close, Escape closes unless the modal is not closeable (then only a forced close does), and a
 * modal-opened event fires 200 ms after opening.
 */

export const MODAL_OPENED_EVENT = 'emblem:modal-opened';

export interface OpenModal {
  id: string;
  modifier?: string;
  fullPage?: boolean;
}

interface ModalStoreState {
  stack: OpenModal[];
}

let state: ModalStoreState = { stack: [] };
const listeners = new Set<() => void>();
const closeable = new Map<string, boolean>();

function emit(next: ModalStoreState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Opens a modal by id (on top of the ones already open). */
/** Where focus goes back to when a modal closes (the element that was focused when it opened). */
const returnFocus = new Map<string, HTMLElement>();

export function openModal(id: string, options: { modifier?: string; fullPage?: boolean } = {}): void {
  if (state.stack.some((m) => m.id === id)) return;
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) returnFocus.set(id, active);
  emit({ stack: [...state.stack, { id, ...options }] });
}

/** Closes a modal; a modal that is not closeable stays open unless `force`. Returns whether it closed. */
export function closeModal(id: string, options: { force?: boolean } = {}): boolean {
  if (!state.stack.some((m) => m.id === id)) return false;
  if (closeable.get(id) === false && !options.force) return false;
  emit({ stack: state.stack.filter((m) => m.id !== id) });
  const target = returnFocus.get(id);
  returnFocus.delete(id);
  // React Aria restores focus too; this covers openings from outside React (a delegated data-modal-id click).
  if (target && typeof window !== 'undefined') {
    window.requestAnimationFrame(() => {
      const active = document.activeElement;
      if ((!active || active === document.body) && target.isConnected) target.focus();
    });
  }
  return true;
}

/** How many modals are open (the stack counter). */
export function openModalCount(): number {
  return state.stack.length;
}

/** For tests: close everything. */
export function resetModals(): void {
  returnFocus.clear();
  emit({ stack: [] });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useModalStack(): OpenModal[] {
  return useSyncExternalStore(
    subscribe,
    () => state.stack,
    () => state.stack,
  );
}

// Any element with data-modal-id opens that modal on click, also outside React (rich text, server markup).
if (typeof document !== 'undefined') {
  document.addEventListener('click', (event) => {
    const trigger = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-modal-id]') : null;
    if (!trigger || trigger.closest('[data-modal-trigger-handled]')) return;
    const id = trigger.dataset.modalId;
    if (!id) return;
    event.preventDefault();
    openModal(id, { modifier: trigger.dataset.modalModifier, fullPage: trigger.dataset.modalFullPage === 'true' });
  });
}

export interface ModalProps {
  id: string;
  title: ReactNode;
  children: ReactNode;
  /** false: Escape, the close button and outside clicks do nothing; only closeModal(id, { force: true }). */
  closeable?: boolean;
  /** Called when the modal closed (by any means). */
  onClose?: () => void;
  /** Called with the modal-opened event, 200 ms after opening. */
  onOpened?: () => void;
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
  /** Footer actions. */
  actions?: ReactNode;
}

export function Modal({
  id,
  title,
  children,
  closeable: isCloseable = true,
  onClose,
  onOpened,
  size = 'md',
  role = 'dialog',
  actions,
}: ModalProps) {
  const { t } = useTranslation();
  const stack = useModalStack();
  const index = stack.findIndex((m) => m.id === id);
  const entry = index === -1 ? null : stack[index];
  const isOpen = entry !== null && entry !== undefined;

  useEffect(() => {
    closeable.set(id, isCloseable);
    return () => {
      closeable.delete(id);
    };
  }, [id, isCloseable]);

  // The modal-opened event, after the focus delay (200 ms).
  const onOpenedRef = useRef(onOpened);
  onOpenedRef.current = onOpened;
  useEffect(() => {
    if (!isOpen) return;
    const timer = setTimeout(() => {
      window.dispatchEvent(new CustomEvent(MODAL_OPENED_EVENT, { detail: { id } }));
      onOpenedRef.current?.();
      document.querySelector<HTMLElement>(`[data-modal="${CSS.escape(id)}"] [data-autofocus]`)?.focus();
    }, TOOLKIT_DELAYS.modalFocus);
    return () => clearTimeout(timer);
  }, [isOpen, id]);

  // Tell the owner once it is closed.
  const wasOpenRef = useRef(isOpen);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (wasOpenRef.current && !isOpen) onCloseRef.current?.();
    wasOpenRef.current = isOpen;
  }, [isOpen]);

  const zIndex = modalZIndex(Math.max(0, index));
  const classes = ['modal', `modal--${size}`, entry?.fullPage ? 'modal--full' : '', entry?.modifier ? `modal--${entry.modifier}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <ModalOverlay
      className="modal-overlay"
      style={{ zIndex }}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) closeModal(id);
      }}
      isDismissable={isCloseable}
      isKeyboardDismissDisabled={!isCloseable}
      data-modal-overlay={id}
    >
      <AriaModal className={classes} style={{ zIndex: zIndex + 1 }} data-modal={id}>
        <Dialog className="dialog" role={role}>
          <div className="dialog__header">
            <Heading slot="title" className="dialog__title">
              {title}
            </Heading>
            {isCloseable ? (
              <AriaButton
                className="button button--ghost button--sm dialog__close"
                onPress={() => closeModal(id)}
                aria-label={t('toolkit.modal.close')}
              >
                ×
              </AriaButton>
            ) : null}
          </div>
          <div className="dialog__body">{children}</div>
          {actions ? <div className="dialog__actions">{actions}</div> : null}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

/** A button that opens a modal by id (it carries data-modal-id). */
export function ModalTrigger({
  modalId,
  modifier,
  fullPage,
  children,
  className = 'button',
}: {
  modalId: string;
  modifier?: string;
  fullPage?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      data-modal-id={modalId}
      data-modal-modifier={modifier}
      data-modal-full-page={fullPage ? 'true' : undefined}
      aria-haspopup="dialog"
    >
      {children}
    </button>
  );
}
