import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

/** The placeholder of a page a later issue builds (spec 01 §1), in the page frame. */
export function UnderConstruction() {
  return (
    <div className="page-frame page-frame--narrow status-page">
      <Result icon={<ToolOutlined style={{ color: '#8c8c8c' }} />} title={<h1 className="status-page__title">Page is under construction</h1>} />
    </div>
  );
}
