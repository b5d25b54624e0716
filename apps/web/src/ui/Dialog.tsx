import { type ReactNode, useState } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';

export interface AppDialogProps {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** alertdialog for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  /** Keep open on outside press / Escape while work is running. */
  isDismissable?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** A modal dialog (focus trap, Escape, restore focus) from React Aria, styled with the tokens. */
export function AppDialog({ title, isOpen, onOpenChange, children, role = 'dialog', isDismissable = true, size = 'md' }: AppDialogProps) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <Modal className={`modal modal--${size}`}>
        <AriaDialog className="dialog" role={role}>
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A dialog around a form that cannot be dismissed (Escape, outside press) while the form is busy sending. */
export function FormDialog({
  children,
  ...props
}: Omit<AppDialogProps, 'children' | 'isDismissable' | 'role'> & { children: (onBusyChange: (busy: boolean) => void) => ReactNode }) {
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog {...props} isDismissable={!busy}>
      {children(setBusy)}
    </AppDialog>
  );
}

/** A form dialog's footer: Cancel closes the dialog, the primary button submits the form; both wait while submitting. */
export function FormDialogActions({
  cancelLabel,
  submitLabel,
  submitting,
}: {
  cancelLabel: ReactNode;
  submitLabel: ReactNode;
  submitting: boolean;
}) {
  return (
    <div className="dialog__actions">
      <Button slot="close" isDisabled={submitting}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="primary" isPending={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** A dialog footer with only the primary button that closes the dialog (Done, Dismiss). */
export function DialogCloseActions({ children }: { children: ReactNode }) {
  return (
    <div className="dialog__actions">
      <Button slot="close" variant="primary">
        {children}
      </Button>
    </div>
  );
}

/** The footer of a destructive confirmation: Cancel (focused first) closes it, the danger button confirms; both wait while busy. */
export function ConfirmDialogActions({
  cancelLabel,
  confirmLabel,
  busy,
  onConfirm,
}: {
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className="dialog__actions">
      <Button slot="close" isDisabled={busy} autoFocus>
        {cancelLabel}
      </Button>
      <Button variant="danger" onPress={onConfirm} isPending={busy}>
        {confirmLabel}
      </Button>
    </div>
  );
}
