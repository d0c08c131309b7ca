import type { FileKind } from './file-format';

const glyphs: Record<FileKind, string> = {
  folder: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Z',
  document: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm2 9h6M9 16h6',
  spreadsheet: 'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm-1 6h16M4 15h16M10 4v16',
  presentation: 'M4 5h16v10H4zM12 15v4M8 19h8',
  image: 'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm0 12 4-4 3 3 3-3 4 4',
  video: 'M4 6h11a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm12 4 5-3v10l-5-3',
  audio: 'M9 18V6l10-2v12M9 18a2 2 0 1 1-4 0 2 2 0 0 1 4 0Zm10-2a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z',
  pdf: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm1 13h2m2 0h1m2 0h1',
  archive: 'M5 4h14v16H5zM12 4v2m0 2v2m0 2v2',
  text: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm2 8h6M9 14h6M9 17h4',
  file: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm7 0v5h5',
};

/** A file type's glyph; folders take their Drive color (`folderColorRgb`) when they have one. */
export function FileIcon({ kind, color, size }: { kind: FileKind; color?: string | null; size?: number }) {
  const style = { ...(color && kind === 'folder' ? { color } : {}), ...(size ? { width: size, height: size } : {}) };
  return (
    <svg
      className={`file-icon file-icon--${kind}`}
      style={style}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={glyphs[kind]} fill={kind === 'folder' && color ? 'currentColor' : 'none'} fillOpacity={0.25} />
    </svg>
  );
}
