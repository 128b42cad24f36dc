import { useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';

export interface ModalProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom; Escape and the Close button always close. */
  footer?: ReactNode;
  size?: 'small' | 'large';
  role?: 'dialog' | 'alertdialog';
  /**
   * The dialog holds changes not yet saved: Escape, a click outside and Close ask before throwing
   * them away (an explicit Cancel in the footer does not ask).
   */
  unsaved?: boolean;
}

/** A modal dialog: focus is trapped inside and returns to the opener on close. */
export function Modal({ title, isOpen, onClose, children, footer, size = 'small', role = 'dialog', unsaved = false }: ModalProps) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (unsaved ? setAsking(true) : onClose());
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={(open) => !open && requestClose()} isDismissable>
      <AriaModal className={`modal modal-${size}`}>
        <Dialog className="dialog" role={role}>
          <div className="dialog-header">
            <Heading slot="title">{title}</Heading>
            <Button variant="ghost" size="small" aria-label="Close" onPress={requestClose}>
              ✕
            </Button>
          </div>
          <div className="dialog-body">{children}</div>
          {footer && <div className="dialog-footer">{footer}</div>}
          <ConfirmDialog
            title="Discard your changes?"
            message={<p>What you changed in “{title}” is not saved.</p>}
            confirmLabel="Discard changes"
            cancelLabel="Keep editing"
            // An Escape pressed twice or Enter must not throw the work away.
            focus="cancel"
            isOpen={asking}
            onConfirm={() => {
              setAsking(false);
              onClose();
            }}
            onCancel={() => setAsking(false)}
          />
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog(props: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Default "Cancel". */
  cancelLabel?: string;
  /** Which button has focus when the dialog opens (Enter presses it); default the confirm button. */
  focus?: 'confirm' | 'cancel';
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={props.title}
      isOpen={props.isOpen}
      onClose={props.onCancel}
      role="alertdialog"
      footer={
        <>
          <Button onPress={props.onCancel} autoFocus={props.focus === 'cancel'}>
            {props.cancelLabel ?? 'Cancel'}
          </Button>
          <Button variant="danger" onPress={props.onConfirm} autoFocus={props.focus !== 'cancel'}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.message}
    </Modal>
  );
}
