import { notifyManager, QueryClient } from '@tanstack/react-query';
import { isRetryableError } from './errors';

/**
 * The cache tells its observers of a change in a microtask, not in a `setTimeout` as by default: a
 * change made in answer to a person (a card dropped, a box ticked) is then on screen in the frame
 * that follows, together with what the same gesture changed in React's state. With a timeout, a
 * frame could be painted in between: a dropped card showed back in its old place, then jumped.
 * Changes made together still reach the observers as one batch.
 */
notifyManager.setScheduler(queueMicrotask);

/** The renderer's one cache of server state. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (failureCount, error) => failureCount < 2 && isRetryableError(error),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
