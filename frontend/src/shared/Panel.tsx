import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

const border = '1px solid #f0f0f0';
const styles = {
  panel: { background: '#ffffff', border, borderRadius: 8, color: 'rgba(0, 0, 0, 0.88)', fontSize: 14, lineHeight: 1.5715 },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 8,
    minHeight: 56,
    padding: '0 24px',
    borderBottom: border,
    fontSize: 16,
    fontWeight: 600,
  },
  body: { padding: 24 },
} satisfies Record<string, CSSProperties>;

type Props = Omit<HTMLAttributes<HTMLElement>, 'title'> & { title: ReactNode; extra?: ReactNode; children: ReactNode };

/**
 * A titled box in the look of antd's Card. The office page uses it instead of Card because Card
 * imports Tabs (and its rc-tabs), about 12 KiB gzip of the /office first load it does not use.
 */
export function Panel({ title, extra, children, style, ...rest }: Props) {
  return (
    <section {...rest} style={{ ...styles.panel, ...style }}>
      <div style={styles.head}>
        <div>{title}</div>
        {extra && <div style={{ fontWeight: 400 }}>{extra}</div>}
      </div>
      <div style={styles.body}>{children}</div>
    </section>
  );
}
