import { useRef, useState } from 'react';

/**
 * A button that opens a dialog whose code loads on first use. `mounted` turns true at the first
 * opening and stays true, so the dialog animates closed and keeps its state; closing gives focus
 * back to the button once the dialog has let go of it.
 * @example
 * const { open, mounted, button, show, onOpenChange } = useDialogButton();
 * <button ref={button} onClick={show}>Price Alert</button>
 * {mounted && <PriceAlertsDialog open={open} onOpenChange={onOpenChange} />}
 */
export function useDialogButton(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const [mounted, setMounted] = useState(initiallyOpen);
  const button = useRef<HTMLButtonElement>(null);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) window.setTimeout(() => button.current?.focus(), 0);
  };
  return { open, mounted, button, show, onOpenChange };
}
