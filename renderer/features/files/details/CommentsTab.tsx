import { useState, type FormEvent } from 'react';
import { ErrorBanner, ErrorPanel, LoadingPanel } from '../../../components/StatusPanel';
import { callApi, errorMessage, useApiQuery } from '../../../lib/api';
import type { DriveComment } from '../../../../shared/api/schemas/drive';
import { refreshDrive } from '../queries';
import { formatDateTime, personName } from './format-time';

interface Person {
  displayName?: string;
  emailAddress?: string;
  me?: boolean;
}

interface Reply {
  id: string;
  author?: Person;
  content?: string;
  createdTime?: string;
  action?: 'resolve' | 'reopen';
  deleted?: boolean;
}

interface Comment {
  id: string;
  author?: Person;
  content?: string;
  createdTime?: string;
  resolved?: boolean;
  deleted?: boolean;
  replies?: Reply[];
}

/** A listed comment the panel can show: one with an id, whose replies have ids. */
function toComment(comment: DriveComment): Comment[] {
  if (!comment.id) return [];
  const replies = (comment.replies ?? []).flatMap((reply): Reply[] =>
    reply.id ? [{ ...reply, id: reply.id, ...(isReplyAction(reply.action) ? { action: reply.action } : {}) }] : [],
  );
  return [{ ...comment, id: comment.id, replies }];
}

function isReplyAction(action: unknown): action is Reply['action'] {
  return action === 'resolve' || action === 'reopen';
}

export const commentListParams = (fileId: string) => ({
  fileId,
  pageSize: 100,
  fields:
    'nextPageToken,comments(id,author(displayName,emailAddress,me),content,createdTime,modifiedTime,resolved,deleted,replies(id,author(displayName,emailAddress,me),content,createdTime,action,deleted))',
});

function Composer({
  label,
  submitLabel,
  onSubmit,
  testId,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<void>;
  testId: string;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      await onSubmit(text.trim());
      setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="composer" onSubmit={(event) => void submit(event)}>
      <textarea
        className="input composer__input"
        aria-label={label}
        placeholder={label}
        value={text}
        rows={2}
        onChange={(event) => setText(event.target.value)}
        // Ctrl/Cmd+Enter sends, as in Drive; Enter alone starts a new line.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
        data-testid={`${testId}-input`}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || !text.trim()}
        data-testid={`${testId}-submit`}
      >
        {submitLabel}
      </button>
    </form>
  );
}

function ReplyView({ reply, onDelete }: { reply: Reply; onDelete: () => void }) {
  const action = reply.action === 'resolve' ? 'Marked as resolved' : reply.action === 'reopen' ? 'Reopened' : null;
  return (
    <li className="reply" data-testid="reply">
      <div className="comment__head">
        <span className="comment__author">{personName(reply.author)}</span>
        <span className="comment__time">{formatDateTime(reply.createdTime)}</span>
        {reply.author?.me && !reply.deleted && reply.content ? (
          <button type="button" className="link-button" onClick={onDelete} aria-label="Delete reply">
            Delete
          </button>
        ) : null}
      </div>
      {action ? <p className="comment__action">{action}</p> : null}
      {reply.deleted ? (
        <p className="comment__deleted">This reply was deleted.</p>
      ) : reply.content ? (
        <p className="comment__body">{reply.content}</p>
      ) : null}
    </li>
  );
}

function Thread({
  fileId,
  comment,
  onError,
}: {
  fileId: string;
  comment: Comment;
  onError: (message: string) => void;
}) {
  const [replying, setReplying] = useState(false);
  const run = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      onError(`Couldn’t ${what}: ${errorMessage(error)}`);
    } finally {
      void refreshDrive();
    }
  };
  const replies = (comment.replies ?? []).filter((reply) => !reply.deleted || reply.action);
  return (
    <li
      className={`comment${comment.resolved ? ' is-resolved' : ''}`}
      data-testid="comment-thread"
      data-comment-id={comment.id}
      data-resolved={comment.resolved ? 'true' : 'false'}
    >
      <div className="comment__head">
        <span className="comment__author">{personName(comment.author)}</span>
        <span className="comment__time">{formatDateTime(comment.createdTime)}</span>
        {comment.resolved ? <span className="pill">Resolved</span> : null}
      </div>
      <p className="comment__body">{comment.content}</p>
      {replies.length > 0 ? (
        <ol className="comment__replies">
          {replies.map((reply) => (
            <ReplyView
              key={reply.id}
              reply={reply}
              onDelete={() =>
                void run('delete the reply', () =>
                  callApi('DriveRepliesDelete', { fileId, commentId: comment.id, replyId: reply.id }),
                )
              }
            />
          ))}
        </ol>
      ) : null}
      <div className="comment__actions">
        <button
          type="button"
          className="link-button"
          onClick={() => setReplying(!replying)}
          data-testid="comment-reply"
        >
          Reply
        </button>
        {comment.resolved ? (
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void run('reopen the comment', () =>
                callApi(
                  'DriveRepliesCreate',
                  { fileId, commentId: comment.id, fields: 'id,action' },
                  { action: 'reopen' },
                ),
              )
            }
            data-testid="comment-reopen"
          >
            Reopen
          </button>
        ) : (
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void run('resolve the comment', () =>
                callApi(
                  'DriveRepliesCreate',
                  { fileId, commentId: comment.id, fields: 'id,action' },
                  { action: 'resolve' },
                ),
              )
            }
            data-testid="comment-resolve"
          >
            Resolve
          </button>
        )}
        {comment.author?.me ? (
          <button
            type="button"
            className="link-button link-button--danger"
            onClick={() =>
              void run('delete the comment', () => callApi('DriveCommentsDelete', { fileId, commentId: comment.id }))
            }
            data-testid="comment-delete"
          >
            Delete
          </button>
        ) : null}
      </div>
      {replying ? (
        <Composer
          label="Reply"
          submitLabel="Reply"
          testId="reply"
          onSubmit={async (content) => {
            await run('reply', () =>
              callApi('DriveRepliesCreate', { fileId, commentId: comment.id, fields: 'id' }, { content }),
            );
            setReplying(false);
          }}
        />
      ) : null}
    </li>
  );
}

/** Comment threads on the file: add, reply, resolve and reopen, delete. */
export function CommentsTab({ fileId, canComment }: { fileId: string; canComment: boolean }) {
  const comments = useApiQuery('DriveCommentsList', commentListParams(fileId), { allPagesOf: 'comments' });
  const [error, setError] = useState<string | null>(null);
  if (comments.isPending) return <LoadingPanel label="Loading comments…" fill={false} />;
  if (comments.isError)
    return (
      <ErrorPanel
        title="Couldn’t load the comments"
        error={comments.error}
        onRetry={() => void comments.refetch()}
        fill={false}
      />
    );
  const threads = (comments.data.comments ?? []).flatMap(toComment).filter((comment) => !comment.deleted);
  return (
    <div className="comments" data-testid="comments">
      {canComment ? (
        <Composer
          label="Add a comment"
          submitLabel="Comment"
          testId="comment"
          onSubmit={async (content) => {
            try {
              await callApi('DriveCommentsCreate', { fileId, fields: 'id' }, { content });
            } catch (cause) {
              setError(`Couldn’t add the comment: ${errorMessage(cause)}`);
            } finally {
              void refreshDrive();
            }
          }}
        />
      ) : null}
      {error ? <ErrorBanner message={error} onDismiss={() => setError(null)} testId="comment-error" /> : null}
      {threads.length === 0 ? <p className="details__empty">No comments yet.</p> : null}
      <ol className="comments__list">
        {threads.map((comment) => (
          <Thread key={comment.id} fileId={fileId} comment={comment} onError={setError} />
        ))}
      </ol>
    </div>
  );
}
