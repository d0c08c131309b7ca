import { useQuery } from '@tanstack/react-query';
import { ErrorPanel, LoadingPanel } from '../../../components/StatusPanel';
import { callApi, useActiveAccount } from '../../../lib/api';
import { formatDateTime } from './format-time';
import { activityStartToken, describeActivity, type ChangeEntry } from './activity';

/** How far back in the change feed the activity reaches, and how much of it is read. */
const lookBack = 4000;
const pageSize = 200;
const maxPages = 25;

const changeFields =
  'nextPageToken,newStartPageToken,changes(fileId,time,removed,file(name,trashed,parents,starred,modifiedTime,lastModifyingUser(displayName,me)))';

async function readActivity(fileId: string, account: string): Promise<ChangeEntry[]> {
  const scope = account ? { account } : {};
  const start = await callApi('DriveChangesGetStartPageToken', { supportsAllDrives: true }, undefined, scope);
  let pageToken: string | undefined = activityStartToken(start.startPageToken ?? '1', lookBack);
  const found: ChangeEntry[] = [];
  for (let page = 0; pageToken && page < maxPages; page++) {
    const answer: { changes?: ChangeEntry[]; nextPageToken?: string } = await callApi(
      'DriveChangesList',
      {
        pageToken,
        pageSize,
        includeRemoved: true,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
        fields: changeFields,
      },
      undefined,
      scope,
    );
    found.push(...(answer.changes ?? []).filter((change) => change.fileId === fileId));
    pageToken = answer.nextPageToken;
  }
  return found;
}

/** Recent changes to the file, read from the Drive change feed. */
export function ActivityTab({ fileId }: { fileId: string }) {
  const account = useActiveAccount() ?? '';
  // Keyed like an API query so pushed Drive changes refresh it.
  const activity = useQuery({
    queryKey: ['api', account, 'DriveChangesList', { activityOf: fileId }],
    queryFn: () => readActivity(fileId, account),
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
  const entries = describeActivity(activity.data);
  if (entries.length === 0) return <p className="details__empty">No recent activity.</p>;
  return (
    <ol className="activity" data-testid="activity-list">
      {entries.map((entry, index) => (
        <li key={`${entry.time}-${index}`} className="activity__entry" data-testid="activity-entry">
          <span className="activity__what">{entry.description}</span>
          <span className="activity__when">
            {entry.who ? `${entry.who} · ` : ''}
            {formatDateTime(entry.time)}
          </span>
        </li>
      ))}
    </ol>
  );
}
