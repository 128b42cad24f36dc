import type { ReactNode } from 'react';
import { Button, Modal } from '../ui/index.ts';

/** The frame of an editor: title, fields, problems above them, Cancel and Save. */
export function EditorModal(props: {
  title: string;
  onClose: () => void;
  onSave: () => void;
  busy: boolean;
  message: string | null;
  serviceMessage: string | null;
  notice?: ReactNode;
  /** Changes not yet saved: closing other than by Cancel asks first. */
  unsaved?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      title={props.title}
      isOpen
      onClose={props.onClose}
      unsaved={props.unsaved ?? false}
      footer={
        <>
          <Button onPress={props.onClose}>Cancel</Button>
          <Button variant="primary" onPress={props.onSave} isDisabled={props.busy}>
            Save
          </Button>
        </>
      }
    >
      <form
        className="form-grid"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
      >
        {props.notice}
        {props.serviceMessage && (
          <p role="alert" className="banner banner-danger">
            <span>The service refused the last attempt: {props.serviceMessage} Change what it refused and save to send it again.</span>
          </p>
        )}
        {props.message && (
          <p role="alert" className="banner banner-danger">
            <span>{props.message}</span>
          </p>
        )}
        {props.children}
        {/* Enter in a field submits. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Modal>
  );
}
