import { useQuery } from '@tanstack/react-query';
import { ErrorPanel, LoadingPanel } from '../../../components/StatusPanel';
import { useActiveAccount } from '../../../lib/api';
import { ipc } from '../../../platform/ipc';
import { formatDateTime } from './format-time';
import { describeActivityEntry } from './activity';

/**
 * What happened to the file, newest first: the core keeps the renames, moves, sharing, link and
 * star changes it saw on the change feed, and adds the creation, versions and comments Drive lists.
 */
export function ActivityTab({ fileId }: { fileId: string }) {
  const account = useActiveAccount() ?? '';
  // Keyed like an API query of the change feed, so pushed Drive changes refresh it.
  const activity = useQuery({
    queryKey: ['api', account, 'DriveChangesList', { activityOf: fileId }],
    queryFn: () => ipc.invoke('files.activity', { ...(account ? { account } : {}), fileId }),
    refetchOnMount: 'always',
  });
  if (activity.isPending) return <LoadingPanel label="Loading activity…" fill={false} />;
  if (activity.isError)
    return (
      <ErrorPanel
        title="Couldn’t load the activity"
        error={activity.error}
        onRetry={() => void activity.refetch()}
        fill={false}
      />
    );
  const entries = activity.data.entries;
  if (entries.length === 0) return <p className="details__empty">No recent activity.</p>;
  return (
    <ol className="activity" data-testid="activity-list">
      {entries.map((entry) => (
        <li key={entry.id} className="activity__entry" data-testid="activity-entry" data-kind={entry.kind}>
          <span className="activity__what">{describeActivityEntry(entry)}</span>
          <span className="activity__when">
            {entry.who ? `${entry.who} · ` : ''}
            {formatDateTime(entry.time)}
          </span>
        </li>
      ))}
    </ol>
  );
}
