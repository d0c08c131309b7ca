/** Watch keys: a user's change feed and a single file. */
export const changesWatchKey = (userId: string) => `drive:changes:${userId}`;
export const fileWatchKey = (fileId: string) => `drive:file:${fileId}`;
