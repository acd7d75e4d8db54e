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
    <div data-testid="page-skeleton" role="status" aria-busy="true" aria-label="Loading" className="page-frame" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
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

/** Task cards loading: groups (sections or projects) of card-shaped rows, with the details pane beside them. */
export function TaskCardsSkeleton({ groups = 2, testId = 'cards-skeleton' }: { groups?: number; testId?: string }) {
  return (
    <div data-testid={testId} role="status" aria-busy="true" aria-label="Loading tasks" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {Array.from({ length: groups }, (_, group) => (
        <div key={group} style={{ ...panel, padding: 0, overflow: 'hidden' }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '12px 16px', borderBottom: '1px solid #f0f0f0' }}>
            <div style={block(10, 10, { borderRadius: 3 })} />
            <div style={block(140, 16)} />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 12 }}>
            {[0, 1].map((row) => (
              <div key={row} style={{ display: 'flex', alignItems: 'center', gap: 12, border: '1px solid #f0f0f0', borderRadius: 8, padding: '10px 12px' }}>
                <div style={{ ...block(row ? '45%' : '60%', 14), flex: 'none' }} />
                <div style={{ flex: 1 }} />
                <div style={block(22, 22, { borderRadius: '50%' })} />
                <div style={block(72, 16)} />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A list page loading: breadcrumb, title and actions, then sections of task cards and the details pane. */
export function ListSkeleton() {
  return (
    <div data-testid="list-skeleton" className="page-frame">
      <div className="page-frame__head">
        <div className="page-frame__titles" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <div style={block(180, 14)} />
          <div style={block(220, 28)} />
        </div>
        <div className="page-frame__extra">
          {[0, 1, 2].map((index) => (
            <div key={index} style={block(32, 32)} />
          ))}
        </div>
      </div>
      <div className="split-view">
        <div className="split-view__main">
          <TaskCardsSkeleton groups={2} testId="list-sections-skeleton" />
        </div>
        <div style={{ ...panel, width: 400, height: 240, boxSizing: 'border-box' }} />
      </div>
    </div>
  );
}

/** A project's overview loading: title, description and the lists and members tables. */
export function ProjectSkeleton() {
  return (
    <div data-testid="project-skeleton" role="status" aria-busy="true" aria-label="Loading project" className="page-frame">
      <div className="page-frame__head">
        <div className="page-frame__titles">
          <div style={block(260, 32)} />
        </div>
        <div style={block(96, 32)} />
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <div style={{ ...panel, display: 'flex', flexDirection: 'column', gap: 10 }}>
          <div style={block('80%', 14)} />
          <div style={block('60%', 14)} />
        </div>
        {[0, 1].map((table) => (
          <div key={table} style={{ ...panel, display: 'flex', flexDirection: 'column', gap: 14 }}>
            <div style={block(140, 18)} />
            {[0, 1, 2].map((row) => (
              <div key={row} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                <div style={block(28, 28, { borderRadius: '50%' })} />
                <div style={block('35%', 14)} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The office loading (the first paint of a reload): side menu, header and a page, where the shell
 * will be. Uses the shell's classes, so on a narrow screen the menu is hidden as it will be.
 */
export function OfficeSkeleton() {
  return (
    <div className="shell" data-testid="office-skeleton" role="status" aria-busy="true" aria-label="Loading the office">
      <div className="shell__side" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 8 }}>
          <div style={block(32, 32)} />
          <div style={block('55%', 18)} />
        </div>
        {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
          <div key={index} style={block('85%', 16)} />
        ))}
        <div style={{ ...block('40%', 12), marginTop: 16 }} />
        {[0, 1, 2, 3].map((index) => (
          <div key={index} style={block('70%', 14)} />
        ))}
      </div>
      <div className="shell__main">
        <div className="shell__header">
          <div className="shell__header-actions">
            <div style={block(180, 32)} />
            <div style={block(120, 32)} />
            <div style={block(40, 40, { borderRadius: '50%' })} />
          </div>
        </div>
        <div className="shell__content">
          <PageSkeleton />
        </div>
      </div>
    </div>
  );
}
