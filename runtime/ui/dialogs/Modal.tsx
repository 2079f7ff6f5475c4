// A page-rendered modal: joins the dialog stack (Escape closes the top-most), optionally owns a
// browser history entry (Back closes it), and fades in (300 ms) and out (100 ms).
import { useEffect, useId } from 'react';
import { registerModal, updateModal } from './dialogs.ts';
import { ModalFrame } from './ModalFrame.tsx';
import { useFade } from './useFade.ts';
import type { ModalFrameProps } from './ModalFrame.tsx';

export interface ModalProps extends Omit<ModalFrameProps, 'onCloseClick' | 'leaving'> {
  open?: boolean;
  /** Asked to close (button, Escape, Back); answer false to stay open. */
  onClose: () => unknown;
  /** Show the header close button. */
  closeButton?: boolean;
  /** Full-screen modal: adds a history entry so Back closes it. */
  history?: boolean;
}

export function Modal({ open = true, onClose, closeButton = true, history = false, ...frame }: ModalProps) {
  const key = useId();
  const { mounted, leaving } = useFade(open);
  useEffect(() => {
    if (!open) return;
    return registerModal(key, { title: frame.title, history, onClose });
    // onClose changes every render; updateModal below keeps it current without re-registering.
  }, [open, key, history]);
  useEffect(() => updateModal(key, onClose));
  if (!mounted) return null;
  return <ModalFrame {...frame} leaving={leaving} onCloseClick={closeButton ? () => void onClose() : undefined} />;
}
