import type { ReactNode } from 'react';

interface Props {
  /** The page's name: the one h1 of the page. */
  title: ReactNode;
  /** A trail above the title (project / list). */
  breadcrumb?: ReactNode;
  /** Actions at the right of the title row; they wrap below the title on narrow screens. */
  extra?: ReactNode;
  /** Narrow pages (a form, a table, a notice) keep to a reading width. */
  width?: 'wide' | 'narrow';
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * The frame of every office page: one title row (breadcrumb, h1, actions), the content width,
 * margins and background. Layout lives in global.css (`.page-frame*`) so that it follows the
 * screen's width.
 */
export function PageFrame({ title, breadcrumb, extra, width = 'wide', children, ...rest }: Props) {
  return (
    <div className={`page-frame page-frame--${width}`} data-testid={rest['data-testid']}>
      <header className="page-frame__head">
        <div className="page-frame__titles">
          {breadcrumb}
          <h1 className="page-frame__title">{title}</h1>
        </div>
        {extra && <div className="page-frame__extra">{extra}</div>}
      </header>
      {children}
    </div>
  );
}
