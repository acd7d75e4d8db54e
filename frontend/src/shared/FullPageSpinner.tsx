/**
 * The whole-page wait (a session loading on /start-work, a route's chunk on its first visit). Plain
 * CSS (global.css, `.full-page-spinner`) rather than antd's Spin: it is part of every route's first
 * load, sign-in included, and antd's Spin brought its code and its style generator with it.
 */
export function FullPageSpinner() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid="full-page-spinner">
      <span className="full-page-spinner" role="status" aria-label="Loading" />
    </div>
  );
}
