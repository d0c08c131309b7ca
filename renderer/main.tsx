import './lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { queryClient, refetchAfterReconnect, subscribeToChanges } from './lib/api';
import { followSystemColorScheme } from './lib/color-scheme';
import { firstViewReady } from './shell/view-loaders';
import { useViewStore } from './shell/views';
import './styles/index.css';

followSystemColorScheme();
subscribeToChanges(queryClient);
refetchAfterReconnect(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first view's code is fetched beside the shell's (see vite.config.ts); it has usually run by now.
void firstViewReady(useViewStore.getState().current).then(() =>
  createRoot(container).render(
    <StrictMode>
      <ErrorBoundary title="Atrium failed to start">
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  ),
);
