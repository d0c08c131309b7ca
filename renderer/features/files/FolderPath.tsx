import { useApiQuery } from '../../lib/api';

// Deep enough for any real tree; a cycle or a very deep path ends in "…".
const maxDepth = 8;

/**
 * Where a folder sits, as Drive writes it: "My Drive › Projects › 2026". Each folder is read once
 * and cached, so the rows of a Trash full of items from the same folder share the reads.
 */
export function FolderPath({ folderId }: { folderId: string }) {
  return <Segment folderId={folderId} depth={0} />;
}

function Segment({ folderId, depth }: { folderId: string; depth: number }) {
  const folder = useApiQuery(
    'DriveFilesGet',
    { fileId: folderId, fields: 'id,name,parents,driveId', supportsAllDrives: true },
    { staleTime: 60_000 },
  );
  if (folder.isError) return <>…</>;
  const name = folder.data?.name ?? '…';
  const parent = folder.data?.parents?.[0];
  if (!parent) return <>{name}</>;
  return (
    <>
      {depth + 1 < maxDepth ? <Segment folderId={parent} depth={depth + 1} /> : '…'}
      {' › '}
      {name}
    </>
  );
}
