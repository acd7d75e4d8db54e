import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { paths } from './routes';

export const MALFORMED_URL_TEXT =
  "The link you entered does not look like a valid link. If someone gave you this link, you may need to ask them to check that it's correct.";

/** Shown for a project, list, section or task link whose id is not a number (spec 02 §2). */
export function MalformedUrl() {
  const navigate = useNavigate();
  return (
    <div className="page-frame page-frame--narrow status-page">
      <Result
        status="warning"
        title={<h1 className="status-page__title">Malformed URL</h1>}
        subTitle={MALFORMED_URL_TEXT}
        extra={
          <Button type="primary" onClick={() => navigate(paths.office)}>
            Back to the office
          </Button>
        }
      />
    </div>
  );
}
