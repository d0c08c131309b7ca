import interactionPlugin from '@fullcalendar/react/interaction';

/**
 * FullCalendar's interaction plugin, with one change: a dragged event moves by the snaps the
 * pointer moved, counted from where it grabbed the event.
 *
 * By default FullCalendar first moves the grab point to the middle of the grabbed *slot* (the
 * half-hour row). With 15-minute snaps that middle is a snap boundary, so an event grabbed in a
 * slot's first quarter hour landed a quarter hour late: a two-hour event dragged two hours down
 * and a day across landed at 11:15 for 11:00. Without the re-centring, the part of the event under
 * the pointer stays under the pointer, in the preview and where it lands.
 */

type Settings = { useEventCenter?: boolean } & object;
type InteractionClass = new (settings: Settings) => object;
interface InteractionPluginShape {
  componentInteractions?: InteractionClass[];
}

function anchoredAtPointer(Interaction: InteractionClass): InteractionClass {
  return class extends Interaction {
    constructor(settings: Settings) {
      super({ ...settings, useEventCenter: false });
    }
  };
}

function withPointerAnchoredDrags<T>(plugin: T): T {
  const shape = plugin as T & InteractionPluginShape;
  const interactions = shape.componentInteractions;
  if (!interactions) return plugin;
  return {
    ...shape,
    // Only event dragging re-centres (date selection and resizing never do); it is the one with a
    // static SELECTOR, which survives minification where class names may not.
    componentInteractions: interactions.map((Interaction) =>
      'SELECTOR' in Interaction ? anchoredAtPointer(Interaction) : Interaction,
    ),
  };
}

export const gridInteractionPlugin = withPointerAnchoredDrags(interactionPlugin);

/** Whether the change above took (FullCalendar renamed nothing it relies on). */
export function dragsAnchoredAtPointer(): boolean {
  const interactions = (gridInteractionPlugin as InteractionPluginShape).componentInteractions ?? [];
  const original = (interactionPlugin as InteractionPluginShape).componentInteractions ?? [];
  return interactions.some((Interaction, index) => Interaction !== original[index]);
}
