// A part of the window that throws while it is drawn shows what failed, with Reload, instead of
// taking the whole window down with it (React unmounts everything above a render error no boundary
// catches: one bad answer cached in the mirror blanked the app on every start, issue #36 item 7).
// A class: React catches render errors only in one. (react-error-boundary does the same in more
// code; this needs only catch, tell, show and remount.)
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button.tsx';

export interface ErrorBoundaryProps {
  /** What it holds, as the fallback's title says it: "Analytics", "Linkdock". */
  label: string;
  /** Told of each error caught, with React's component stack (the app writes it to the log). */
  onError?: ((error: unknown, componentStack: string) => void) | undefined;
  /** A new value (another screen, another workspace) draws the children again. */
  resetKey?: unknown;
  /** What Reload does; by default it draws the children again, from scratch. */
  onReload?: (() => void) | undefined;
  /** Under the error: what still works and what Reload does (the default is for a part of the window). */
  note?: string | undefined;
  children: ReactNode;
}

interface State {
  failed: { error: unknown } | null;
  /** Bumped by Reload: the children mount anew, their state gone with what broke them. */
  attempt: number;
  resetKey: unknown;
}

/** An error's own words, short: the fallback's text, never its stack. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { failed: null, attempt: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: { error } };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { resetKey: props.resetKey, failed: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info.componentStack ?? '');
  }

  private readonly reload = () => {
    if (this.props.onReload) this.props.onReload();
    else this.setState((state) => ({ failed: null, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    const { failed, attempt } = this.state;
    if (!failed) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    return (
      <div className="page">
        <header className="page-header">
          <h1>{this.props.label}</h1>
        </header>
        <div className="banner banner-danger banner-stacked" role="alert">
          <strong>{this.props.label} stopped because of an error.</strong>
          {/* The full width of the banner, whatever the message's length: a long address wraps inside it. */}
          <span className="banner-detail">What failed: {errorMessage(failed.error)}</span>
          <span>{this.props.note ?? 'The rest of Linkdock keeps working, and the error was written to the log. Reload draws it again.'}</span>
          <Button variant="primary" onPress={this.reload}>
            Reload
          </Button>
        </div>
      </div>
    );
  }
}
