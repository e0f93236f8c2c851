import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { pointerIsPressed, revealWithin } from '../lib/focus';
import './modal.css';

interface Props {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** When false, Escape and the outside click do nothing (the traveller must choose an action). */
  dismissible?: boolean;
  /** Extra class on the dialog box (e.g. a wider layout). */
  className?: string;
  /** Where focus goes on close when the dialog has no Radix trigger (default: nowhere). */
  returnFocusTo?: HTMLElement | null;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}

/**
 * An accessible modal (Radix Dialog: focus trap, Escape, labelled title) in the app's look. The
 * focused element is always scrolled into the dialog's visible area.
 * @example <Modal open title="The fare has changed" onOpenChange={setOpen}>…</Modal>
 */
export function Modal({ open, title, description, dismissible = true, className, returnFocusTo, onOpenChange, children }: Props) {
  // Without a Dialog.Trigger Radix has nowhere to return focus: by default it goes back to the
  // element that was focused when the modal opened.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={className ? `modal-content ${className}` : 'modal-content'}
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo ?? (opener.current?.isConnected ? opener.current : null);
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onPointerDownOutside={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          // Radix wraps Tab with focus({ preventScroll: true }): keep whatever gets focus in view
          // inside the dialog's own scroll, clear of its sticky header and footer.
          onFocus={(event) => {
            if (event.target instanceof HTMLElement && event.target !== event.currentTarget && !pointerIsPressed()) revealWithin(event.target, event.currentTarget);
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="modal-head">
            <Dialog.Title className="modal-title">{title}</Dialog.Title>
            {dismissible && (
              <Dialog.Close className="icon-btn modal-close" aria-label="Close">
                <X aria-hidden="true" size={20} />
              </Dialog.Close>
            )}
          </div>
          {description && <Dialog.Description className="modal-description">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
