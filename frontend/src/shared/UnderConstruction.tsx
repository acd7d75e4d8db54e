import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

export function UnderConstruction() {
  return (
    <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Result icon={<ToolOutlined style={{ color: '#8c8c8c' }} />} title="Page is under construction" />
    </div>
  );
}
