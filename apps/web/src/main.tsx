import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { AppRoutes, openedPageReady } from './app/router';
import { initI18n } from './lib/i18n';
import { trackInputModality } from './lib/input-modality';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

trackInputModality();
// Up to React's own reveal throttle (300 ms): a page whose code is here by then shows
// whole in the first render, with no fallback before it (app/page.ts).
await Promise.all([initI18n(), openedPageReady(300)]);
// The first render as a transition: React renders it in slices and lets the browser in
// between, rather than in one long task a phone's user cannot interrupt.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </ErrorBoundary>
    </StrictMode>,
  );
});
