import { Spin } from 'antd';

export function FullPageSpinner() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid="full-page-spinner">
      <Spin size="large" />
    </div>
  );
}
