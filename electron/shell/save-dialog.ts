import { join } from 'node:path';
import { app, dialog } from 'electron';
import type { BrowserWindow, SaveDialogOptions } from 'electron';

/**
 * The core's `chooseSavePath`: the system save dialog, attached to the main window when there is
 * one, offering the downloads folder and the file's name. Null when the user cancels.
 */
export function saveDialogChooser(
  parentWindow: () => BrowserWindow | undefined,
): (suggestedName: string) => Promise<string | null> {
  return async (suggestedName) => {
    const options: SaveDialogOptions = { defaultPath: join(app.getPath('downloads'), suggestedName) };
    const parent = parentWindow();
    const answer =
      parent && !parent.isDestroyed()
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
    return answer.canceled || !answer.filePath ? null : answer.filePath;
  };
}
