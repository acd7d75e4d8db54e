import { useState, type ReactNode } from 'react';
import { Badge, Button, Divider, Popover } from 'antd';
import { DownOutlined, LogoutOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../shared/hooks';
import { useBeta } from '../../../shared/useBeta';
import { paths } from '../../../shared/routes';
import { formatDuration } from '../../../shared/time';
import { FocusScope } from '../../../shared/FocusScope';
import { Text } from '../../../shared/Text';
import { selectStatus } from '../selectors';

function Row({ label, value, testId, color }: { label: string; value: string; testId: string; color: string }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 32, padding: '4px 0' }}>
      <Badge color={color} text={label} />
      <Text strong data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

interface Props {
  /** Leave the office: the shell opens the checkout in leave_the_office mode (checks first). */
  onLeave: () => void;
  /** The day's checkout status icon (the checkout feature's, given by the shell). */
  checkoutIcon: ReactNode;
  /** Today's work and break seconds at the shell's instant (the header's numbers); null until known. */
  workSeconds: number | null;
  breakSeconds: number | null;
  /** Keep the words 'In the office' on a narrow screen (the phone header has room on its second row). */
  labelled?: boolean;
}

/** The header's 'In the office' widget: today's work and break, checkout, leave (spec 01 §2). */
export function PresencePopover({ onLeave, checkoutIcon, workSeconds, breakSeconds, labelled = false }: Props) {
  const { link } = useBeta();
  const status = useAppSelector(selectStatus);
  const [open, setOpen] = useState(false);
  // A new focus scope per opening: a closing popup keeps its old content until it has faded.
  const [openings, setOpenings] = useState(0);
  const openChange = (next: boolean) => {
    if (next) setOpenings((n) => n + 1);
    setOpen(next);
  };
  const work = workSeconds === null ? '…' : formatDuration(workSeconds);
  const pause = breakSeconds === null ? '…' : formatDuration(breakSeconds);

  const leave = () => {
    setOpen(false);
    onLeave();
  };

  const content = (
    <FocusScope key={openings} open={open} onClose={() => setOpen(false)} label="In the office">
    <div style={{ minWidth: 240 }} data-testid="presence-popover">
      <Row label="Work" value={work} testId="presence-work" color="#52c41a" />
      <Row label="Break" value={pause} testId="presence-break" color="#1677ff" />
      <Divider style={{ margin: '8px 0' }} />
      <Link to={link(paths.checkout)} onClick={() => setOpen(false)} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}>
        {checkoutIcon}
        Go to Checkout
      </Link>
      <Button danger block icon={<LogoutOutlined />} onClick={leave} style={{ marginTop: 8 }}>
        Leave the office
      </Button>
    </div>
    </FocusScope>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={openChange} title="In the office">
      <Button data-testid="presence-button" aria-label="In the office">
        <Badge status={status === 'taking_break' ? 'processing' : 'success'} color={status === 'taking_break' ? '#1677ff' : '#52c41a'} />
        <span className={labelled ? undefined : 'hide-narrow'}>In the office</span>
        {!labelled && <DownOutlined style={{ fontSize: 10 }} />}
      </Button>
    </Popover>
  );
}
