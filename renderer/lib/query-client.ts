import { QueryClient } from '@tanstack/react-query';
import { isRetryableError } from './errors';

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
