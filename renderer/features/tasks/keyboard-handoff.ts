/**
 * A keyboard pickup is announced at once, but dnd-kit's KeyboardSensor starts listening for keys in
 * a timer; a busy browser runs input before timers, so a key pressed right after the card lifts could
 * arrive before anything listens and be lost. Keys arriving in that gap are held here and handed on,
 * in order, once the sensor listens.
 */
export function holdKeysUntilSensorListens(doc: Document = document): void {
  const held: KeyboardEvent[] = [];
  const hold = (event: KeyboardEvent) => {
    if (!event.isTrusted) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event);
  };
  doc.addEventListener('keydown', hold, true);
  // The sensor's timer is set just after the drag starts (after this one): a second timer runs after it.
  setTimeout(() =>
    setTimeout(() => {
      doc.removeEventListener('keydown', hold, true);
      for (const event of held) {
        doc.dispatchEvent(
          new KeyboardEvent('keydown', {
            key: event.key,
            code: event.code,
            shiftKey: event.shiftKey,
            ctrlKey: event.ctrlKey,
            altKey: event.altKey,
            metaKey: event.metaKey,
            bubbles: true,
            cancelable: true,
          }),
        );
      }
    }),
  );
}
