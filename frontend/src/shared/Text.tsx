import type { HTMLAttributes } from 'react';
import { theme } from './theme';

type Props = HTMLAttributes<HTMLElement> & {
  /** antd's `type="secondary"`: the theme's description grey (shared/theme.ts). */
  secondary?: boolean;
  /** antd's `strong`: a <strong> at weight 600. */
  strong?: boolean;
  /** antd's `ellipsis` (one line, no tooltip): cut with an ellipsis where it overflows. */
  ellipsis?: boolean;
};

const SECONDARY = theme.token?.colorTextDescription;

/**
 * antd's Typography.Text in the looks the first screens use (secondary, strong, one-line ellipsis), in
 * plain markup (`.text` in shared/global.css). The office's first load uses it instead of Typography:
 * Typography's editable and copyable parts bring antd's TextArea, about 13 KiB gzip of /office's
 * first load for grey and bold words (docs/architecture.md, "First load and code splitting").
 */
export function Text({ secondary, strong, ellipsis, className, style, ...rest }: Props) {
  const classes = ['text', ellipsis && 'text--ellipsis', className].filter(Boolean).join(' ');
  const merged = secondary ? { color: SECONDARY, ...style } : style;
  return strong ? <strong {...rest} className={classes} style={merged} /> : <span {...rest} className={classes} style={merged} />;
}
