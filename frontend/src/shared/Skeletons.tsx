import type { CSSProperties } from 'react';

// Loading placeholders in the shape of what is coming, in plain markup: they show while a route's
// lazy chunk loads, so they must not pull antd's Skeleton into the first load.
const block = (width: number | string, height: number, extra: CSSProperties = {}): CSSProperties => ({
  width,
  height,
  borderRadius: 6,
  background: 'rgba(0, 0, 0, 0.06)',
  ...extra,
});
const panel: CSSProperties = { background: '#ffffff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 24 };

/** A page of the office loading: a title and two panels. */
export function PageSkeleton() {
  return (
    <div data-testid="page-skeleton" aria-busy="true" aria-label="Loading" style={{ maxWidth: 1040, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div style={block(160, 28)} />
      <div style={{ ...panel, display: 'flex', gap: 16 }}>
        {[0, 1, 2, 3, 4].map((index) => (
          <div key={index} style={block(44, 44, { borderRadius: '50%' })} />
        ))}
      </div>
      <div style={{ ...panel, display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div style={block('40%', 16)} />
        <div style={block('70%', 16)} />
        <div style={block('55%', 16)} />
      </div>
    </div>
  );
}

/** The office loading: side menu, header and a page, where the shell will be. */
export function OfficeSkeleton() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex' }}>
      <div style={{ width: 248, flex: 'none', background: '#ffffff', borderInlineEnd: '1px solid #f0f0f0', padding: 16, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div style={block('70%', 24)} />
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <div key={index} style={block('85%', 16)} />
        ))}
      </div>
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <div style={{ height: 64, background: '#ffffff', borderBottom: '1px solid #f0f0f0' }} />
        <div style={{ padding: 24 }}>
          <PageSkeleton />
        </div>
      </div>
    </div>
  );
}
