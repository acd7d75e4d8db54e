import { useState } from 'react';
import { Button, Input, Radio, Space } from 'antd';
import type { TimeAccountRules, TimeAccountRulesWrite } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { timeAccountActions } from '../slice';

type YearEnd = TimeAccountRulesWrite['year_end'];
type HolidayWork = TimeAccountRulesWrite['holiday_work'];

/** Cap hours as typed to whole seconds (0 .. 10,000 hours), or null. */
function capToSeconds(text: string): number | null {
  const hours = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(hours) || hours < 0 || hours > 10_000) return null;
  return Math.round(hours * 3600);
}

/**
 * The balance's rules (admins, the Workspace panel; docs/timeaccount.md): what a balance carries
 * into the next year (all of it, at most a cap, or nothing) and whether work on a holiday is
 * flagged on its day.
 */
export function BalanceRules({ rules, saving }: { rules: TimeAccountRules; saving: boolean }) {
  const dispatch = useAppDispatch();
  const [yearEnd, setYearEnd] = useState<YearEnd>(rules.year_end);
  const [cap, setCap] = useState(rules.cap_seconds != null ? String(rules.cap_seconds / 3600) : '40');
  const [holidayWork, setHolidayWork] = useState<HolidayWork>(rules.holiday_work);
  const capSeconds = capToSeconds(cap);
  const valid = yearEnd !== 'cap' || capSeconds !== null;
  const changed =
    yearEnd !== rules.year_end || holidayWork !== rules.holiday_work || (yearEnd === 'cap' && capSeconds !== rules.cap_seconds);

  return (
    <section data-testid="balance-rules">
      <h3 style={{ marginTop: 16 }}>Balance rules</h3>
      <p className="workspace-muted" id="year-end-label">
        At the end of a year, a member&apos;s balance…
      </p>
      <Radio.Group aria-labelledby="year-end-label" value={yearEnd} onChange={(e) => setYearEnd(e.target.value as YearEnd)}>
        <Space direction="vertical">
          <Radio value="carry_all">carries over in full</Radio>
          <Radio value="cap">carries over up to a cap (a deficit carries over in full)</Radio>
          {yearEnd === 'cap' && (
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', paddingLeft: 24 }}>
              <Input
                aria-label="Cap in hours"
                inputMode="decimal"
                value={cap}
                status={capSeconds === null ? 'error' : undefined}
                style={{ width: 80 }}
                onChange={(e) => setCap(e.target.value)}
              />
              hours at most
            </span>
          )}
          <Radio value="reset">starts again at zero</Radio>
        </Space>
      </Radio.Group>
      <p className="workspace-muted" id="holiday-work-label" style={{ marginTop: 12 }}>
        Work on a public holiday or day off…
      </p>
      <Radio.Group aria-labelledby="holiday-work-label" value={holidayWork} onChange={(e) => setHolidayWork(e.target.value as HolidayWork)}>
        <Space direction="vertical">
          <Radio value="counts">counts like any other work</Radio>
          <Radio value="flagged">counts and is flagged on its day</Radio>
        </Space>
      </Radio.Group>
      <div style={{ marginTop: 8 }}>
        <Button
          disabled={saving || !valid || !changed}
          onClick={() =>
            dispatch(timeAccountActions.rulesSaveRequested({ year_end: yearEnd, cap_seconds: yearEnd === 'cap' ? capSeconds : null, holiday_work: holidayWork }))
          }
        >
          Save rules
        </Button>
      </div>
    </section>
  );
}
