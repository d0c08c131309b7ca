import { apiQueryKey, callApi, queryClient } from '../../lib/api';
import { registerCommandSource, registerCommands } from '../../lib/commands';
import { useViewStore } from '../../shell/views';
import { hasId, isFolder, quoteQueryValue, type DriveItem } from './drive-file';
import { revealFile } from './file-route';
import { useFilesStore } from './files-store';
import { places } from './model/places';

/** How many files the palette lists for what is typed. */
const fileResults = 8;
/**
 * How many of the most recently changed matches are ranked: enough that an exact name is among them
 * however many longer names contain it (the exact name is also asked for on its own).
 */
const rankedCandidates = 30;

/** Exact names first, then names that start with the words, then the rest; otherwise as Drive ordered them. */
function rankByName<T extends { name?: string }>(files: readonly T[], query: string): T[] {
  const words = query.trim().toLowerCase();
  const rank = (file: T) => {
    const name = (file.name ?? '').toLowerCase();
    return name === words ? 0 : name.startsWith(words) ? 1 : 2;
  };
  return files
    .map((file, index) => ({ file, index, rank: rank(file) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ file }) => file);
}

const folderParams = (fileId: string) => ({ fileId, fields: 'id,name,parents,driveId', supportsAllDrives: true });

/**
 * The name of the folder a result sits in ("My Drive" at its top, the drive's name at a shared drive's
 * top). Read once per folder and kept, shared with the folder paths the Trash shows, so results in the
 * same folder cost one read; a shared drive's name is its top folder's (the move confirmation reads it so).
 */
export async function folderName(folderId: string, untitled = 'Untitled folder'): Promise<string> {
  const params = folderParams(folderId);
  const folder = await queryClient.fetchQuery({
    queryKey: apiQueryKey('DriveFilesGet', params),
    queryFn: () => callApi('DriveFilesGet', params),
    staleTime: 60_000,
  });
  return folder.name || untitled;
}

async function locationsOf(files: readonly DriveItem[]): Promise<Map<string, string>> {
  const folderIds = [...new Set(files.flatMap((file) => file.parents?.slice(0, 1) ?? []))];
  const names = await Promise.all(folderIds.map((id) => folderName(id).catch(() => null)));
  return new Map(folderIds.flatMap((id, i) => (names[i] ? [[id, names[i]] as const] : [])));
}

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
      const list = (q: string, pageSize: number) =>
        callApi('DriveFilesList', {
          q: `${q} and trashed = false`,
          pageSize,
          orderBy: 'modifiedTime desc',
          fields: 'files(id,name,mimeType,parents)',
          supportsAllDrives: true,
          includeItemsFromAllDrives: true,
        });
      const [exact, containing] = await Promise.all([
        list(`name = ${quoteQueryValue(query)}`, fileResults),
        list(`name contains ${quoteQueryValue(query)}`, rankedCandidates),
      ]);
      if (signal.aborted) return [];
      const seen = new Set<string>();
      const found = [...(exact.files ?? []), ...(containing.files ?? [])]
        .filter(hasId)
        .filter((file) => !seen.has(file.id) && seen.add(file.id));
      const shown = rankByName(found, query).slice(0, fileResults);
      const locations = await locationsOf(shown);
      if (signal.aborted) return [];
      return shown.map((file) => {
        const kind = isFolder(file) ? 'Folder' : 'File';
        const place = file.parents?.[0] ? locations.get(file.parents[0]) : 'Shared with me';
        return {
          id: `files.file.${file.id}`,
          title: file.name || 'Untitled',
          group: 'Files' as const,
          hint: place ? `${kind} in ${place}` : kind,
          run: () => {
            useViewStore.getState().show('files');
            void revealFile(file.id);
          },
        };
      });
    },
  });
  return () => {
    unregister();
    unregisterSource();
  };
}
