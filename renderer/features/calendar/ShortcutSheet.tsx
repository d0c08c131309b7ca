import * as Dialog from '@radix-ui/react-dialog';
import { shortcutSheet } from './useCalendarShortcuts';
import { returnFocus } from '../../lib/return-focus';

/** "?": every keyboard shortcut of the calendar, grouped as Google Calendar's sheet is. */
export function ShortcutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content {...returnFocus} className="dialog shortcut-sheet" data-testid="shortcut-sheet">
          <Dialog.Title className="dialog__title">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Single keys, whenever you are not typing in a field.
          </Dialog.Description>
          <div className="shortcut-sheet__body">
            {shortcutSheet.map((section) => (
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
