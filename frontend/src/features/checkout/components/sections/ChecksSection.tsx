import { useSectionLevel } from './sectionLevel';
import { Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { CheckoutCheckStatus } from '../../../../api/checkout';
import { CHECK_TITLES } from '../../rules';

function CheckIcon({ check }: { check: CheckoutCheckStatus }) {
  if (check.passed_yn) return <CheckCircleFilled style={{ color: '#237804' }} aria-label="Passed" />;
  if (check.critical_yn) return <CloseCircleFilled style={{ color: '#cf1322' }} aria-label="Failed (critical)" />;
  return <ExclamationCircleFilled style={{ color: '#ad6800' }} aria-label="Failed" />;
}

/** 'Checkout status': each check of the day, passed or its message. */
export function ChecksSection({ checks }: { checks: CheckoutCheckStatus[] }) {
  const level = useSectionLevel();
  const failed = checks.filter((check) => !check.passed_yn);
  return (
    <>
      <Typography.Title level={level}>Checkout status</Typography.Title>
      {checks.length === 0 ? (
        <Typography.Text type="secondary" data-testid="checkout-checks">
          Checkout report is not sent yet
        </Typography.Text>
      ) : (
        <ul className="checkout__list" data-testid="checkout-checks">
          {checks.map((check) => (
            <li key={check.id} className="checkout__check">
              <CheckIcon check={check} />
              <div>
                <Typography.Text strong>{CHECK_TITLES[check.checkout_check] ?? check.checkout_check}</Typography.Text>
                {check.critical_yn && !check.passed_yn && (
                  <Tag color="red" style={{ marginLeft: 8 }}>
                    Critical
                  </Tag>
                )}
                <div>
                  <Typography.Text type={check.passed_yn ? 'secondary' : undefined}>
                    {check.passed_yn ? 'Passed' : check.checkout_failed_message}
                  </Typography.Text>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {checks.length > 0 && failed.length === 0 && <Typography.Text type="secondary">No issues were found in checkout report.</Typography.Text>}
    </>
  );
}
