import { Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { DigestMember } from '../../../api/types';
import { paths } from '../../../shared/routes';
import { hoursText, STATE_TEXT } from '../format';

/** One member's yesterday: state, hours, the note's first lines, failed checks, time off today. */
export function DigestMemberCard({ member, date }: { member: DigestMember; date: string }) {
  const state = STATE_TEXT[member.state];
  const short = member.expected_seconds > 0 && member.worked_seconds < member.expected_seconds;
  return (
    <article className="digest-card" aria-label={member.display_name}>
      <header className="digest-card__head">
        <Typography.Text strong className="digest-card__name">
          {member.work_day ? <Link to={`${paths.checkout}?user=${member.user_id}&date=${date}`}>{member.display_name}</Link> : member.display_name}
        </Typography.Text>
        <Tag color={state.color} style={{ marginInlineEnd: 0 }}>
          {state.text}
        </Tag>
      </header>
      <div className={short ? 'digest-card__hours digest-card__hours--short' : 'digest-card__hours'}>{hoursText(member)}</div>
      {member.note_lines.length > 0 && (
        <blockquote className="digest-card__note" aria-label="Checkout note">
          {member.note_lines.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        </blockquote>
      )}
      {(member.failed_checks.length > 0 || member.time_off_today) && (
        <div className="digest-card__tags">
          {member.failed_checks.map((check) => (
            <Tag key={check.check} color={check.critical ? 'red' : 'gold'}>
              {check.label} failed
            </Tag>
          ))}
          {member.time_off_today && (
            <Tag color="purple">
              Off today: {member.time_off_today.type}
              {member.time_off_today.half_day ? ' (half day)' : ''}
            </Tag>
          )}
        </div>
      )}
    </article>
  );
}
