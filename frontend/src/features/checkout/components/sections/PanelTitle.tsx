import { Skeleton, Typography } from 'antd';
import { UserAvatar } from '../../../../shared/UserAvatar';
import { usePerson } from '../../hooks';
import type { CheckoutMode } from '../../rules';

/** The panel's title: the person in history mode, 'Checkout' in the modal, nothing on the page (its h1). */
export function PanelTitle({ mode, userId, framed }: { mode: CheckoutMode; userId: number; framed: boolean }) {
  const person = usePerson(userId, mode === 'history');
  if (mode === 'history') {
    return (
      <div className="checkout__person" data-testid="checkout-history-header">
        {person ? <UserAvatar user={person} size={40} /> : <Skeleton.Avatar active />}
        <div>
          <Typography.Title level={2} className="checkout__title">
            {person?.display_name || person?.full_name || '…'}
          </Typography.Title>
          <Typography.Text type="secondary">{person?.workspace_role === 'ADMIN' ? 'Admin' : person ? 'Member' : ''}</Typography.Text>
        </div>
      </div>
    );
  }
  if (framed) return <span />;
  return (
    <Typography.Title level={2} className="checkout__title">
      Checkout
    </Typography.Title>
  );
}
