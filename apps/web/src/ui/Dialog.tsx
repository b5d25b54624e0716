import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

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
