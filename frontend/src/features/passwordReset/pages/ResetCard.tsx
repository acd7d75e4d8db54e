import type { ReactNode } from 'react';

/** The card of the sign-in page's look, for the 'Forgot password?' pages (public, no shell). */
export function ResetCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        placeItems: 'center',
        padding: 'clamp(12px, 4vw, 24px)',
        boxSizing: 'border-box',
      }}
    >
      <section
        style={{
          width: '100%',
          maxWidth: 420,
          boxSizing: 'border-box',
          padding: 'clamp(20px, 6vw, 32px)',
          background: '#ffffff',
          border: '1px solid #f0f0f0',
          borderRadius: 8,
        }}
      >
        {title && <h1 style={{ margin: '0 0 4px', fontSize: 24, lineHeight: 1.3333, fontWeight: 600 }}>{title}</h1>}
        {children}
      </section>
    </main>
  );
}
