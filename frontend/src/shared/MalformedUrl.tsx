import { Result } from 'antd';

export const MALFORMED_URL_TEXT =
  "The link you entered does not look like a valid link. If someone gave you this link, you may need to ask them to check that it's correct.";

/** Shown for a project, list, section or task link whose id is not a number (spec 02 §2). */
export function MalformedUrl() {
  return <Result status="warning" title="Malformed URL" subTitle={MALFORMED_URL_TEXT} />;
}
