/**
 * An event as it was, made into the body of an update that writes it back: an update of a deleted
 * (cancelled) event with its old body restores it under the same id, as Calendar does.
 */

/** Server-owned fields of an event, left out of a body that replaces it whole. */
export const serverOwnedEventFields = [
  'kind',
  'etag',
  'htmlLink',
  'created',
  'updated',
  'creator',
  'iCalUID',
  'hangoutLink',
  'organizer',
  'recurringEventId',
  'originalStartTime',
  'privateCopy',
  'locked',
] as const;

/** Left out when an event is written back as it was. */
const readOnlyFields = [
  ...serverOwnedEventFields,
  // The service refuses a sequence number below the event's current one; it counts the restore itself.
  'sequence',
];

export function restorableEventBody(event: object): Record<string, unknown> {
  const body: Record<string, unknown> = { ...event };
  for (const field of readOnlyFields) delete body[field];
  return body;
}
