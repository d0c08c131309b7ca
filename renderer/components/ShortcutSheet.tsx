import * as Dialog from '@radix-ui/react-dialog';
import { returnFocus } from '../lib/return-focus';
import './shortcut-sheet.css';

/** A group of a view's keyboard shortcuts, as its sheet lists them. */
export interface ShortcutGroup {
  group: string;
  items: { keys: string[]; does: string }[];
}

interface ShortcutSheetProps {
  open: boolean;
  onClose: () => void;
  sections: readonly ShortcutGroup[];
  /** When the keys work (e.g. "Single keys, whenever you are not typing in a field."). */
  description: string;
}

/** "?": every keyboard shortcut of a view, in groups, as Google's sheets are. */
export function ShortcutSheet({ open, onClose, sections, description }: ShortcutSheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content {...returnFocus} className="dialog shortcut-sheet" data-testid="shortcut-sheet">
          <Dialog.Title className="dialog__title">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="dialog__description">{description}</Dialog.Description>
          <div className="shortcut-sheet__body">
            {sections.map((section) => (
              <section key={section.group} className="shortcut-sheet__group">
                <h3 className="shortcut-sheet__heading">{section.group}</h3>
                <dl className="shortcut-sheet__list">
                  {section.items.map((item) => (
                    <div key={item.does} className="shortcut-sheet__row" data-testid="shortcut-row">
                      <dt>
                        {item.keys.map((key, index) => (
                          <span key={key}>
                            {index > 0 ? <span className="shortcut-sheet__or"> or </span> : null}
                            <kbd className="shortcut-sheet__key">{key}</kbd>
                          </span>
                        ))}
                      </dt>
                      <dd>{item.does}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
          <div className="dialog__actions">
            <Dialog.Close className="button">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
