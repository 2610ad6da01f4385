import i18next from 'i18next';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** Keeps a rendering failure from blanking the page: shows a message and a reload button. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">{i18next.t('common.crashTitle')}</h1>
        <p className="mt-3 text-muted-foreground">{i18next.t('common.crashText')}</p>
        <button
          type="button"
          className="mt-6 rounded-md bg-primary px-4 py-2 text-primary-foreground"
          onClick={() => window.location.reload()}
        >
          {i18next.t('common.reload')}
        </button>
      </section>
    );
  }
}
