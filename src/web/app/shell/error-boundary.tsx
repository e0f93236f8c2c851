import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** The whole app sits inside this: a render failure shows a calm page with a way out. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render failure', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="error-screen">
        <div className="card error-card" role="alert">
          <h1>Oops! Something went wrong</h1>
          <p className="muted">We hit a problem showing this page. Refreshing usually fixes it; your bookings are safe.</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Refresh Page
          </button>
        </div>
      </main>
    );
  }
}
