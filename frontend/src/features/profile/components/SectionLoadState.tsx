import { Alert, Button, Skeleton } from 'antd';

/**
 * A section of Edit Profile before its data is there: the skeleton while it loads (or before the
 * first load starts), the error with 'Try again' when the load failed.
 */
export function SectionLoadState({ loading, error, rows, testId, onRetry }: { loading: boolean; error: string | null | undefined; rows: number; testId: string; onRetry: () => void }) {
  if (loading || !error) {
    return (
      <div data-testid={testId}>
        <Skeleton active paragraph={{ rows }} title={false} />
      </div>
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      message={error}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
