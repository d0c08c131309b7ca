import { callApi } from '../../lib/api';
import { registerCommandSource, registerCommands } from '../../lib/commands';
import { useViewStore } from '../../shell/views';
import { hasId, isFolder, quoteQueryValue } from './drive-file';
import { revealFile } from './file-route';
import { useFilesStore } from './files-store';
import { places } from './model/places';

/** How many files the palette lists for what is typed. */
const fileResults = 8;

/**
 * Files in the palette: the files and folders whose names contain what is typed (Drive's files.list),
 * each opening in Files, selected; and each place (My Drive, Trash...). Registered for the app's lifetime; returns the unregister function.
 */
export function registerFileCommands(): () => void {
  const unregister = registerCommands(
    places.map((place) => ({
      id: `files.place.${place.id}`,
      title: `Files: ${place.label}`,
      group: 'Go to',
      keywords: ['drive', 'files', place.label],
      run: () => {
        useFilesStore.getState().goToPlace(place.id);
        useViewStore.getState().show('files');
      },
    })),
  );
  const unregisterSource = registerCommandSource({
    id: 'files.byName',
    matches: 'source',
    find: async (query, signal) => {
      if (query.length < 2) return [];
      const found = await callApi('DriveFilesList', {
        q: `name contains ${quoteQueryValue(query)} and trashed = false`,
        pageSize: fileResults,
        orderBy: 'modifiedTime desc',
        fields: 'files(id,name,mimeType)',
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
      });
      if (signal.aborted) return [];
      return (found.files ?? []).filter(hasId).map((file) => ({
        id: `files.file.${file.id}`,
        title: file.name || 'Untitled',
        group: 'Files' as const,
        hint: isFolder(file) ? 'Folder' : 'File',
        run: () => {
          useViewStore.getState().show('files');
          void revealFile(file.id);
        },
      }));
    },
  });
  return () => {
    unregister();
    unregisterSource();
  };
}
