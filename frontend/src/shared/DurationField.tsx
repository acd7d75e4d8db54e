import { useId } from 'react';
import { Input, Typography } from 'antd';
import './durationField.css';
import { DURATION_ACCEPTED, durationVerdict, type DurationEcho } from './durationInput';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What the parsed value will do, shown before it is saved ('Adds 1h 30m'); or an error of the caller's rules. */
  echo: DurationEcho;
  /** Enter with a value understood and allowed. */
  onSubmit?: (parsed: { seconds: number; relative: boolean }) => void;
  placeholder?: string;
  disabled?: boolean;
  inputId?: string;
  testId?: string;
}

/**
 * The one field for a typed duration (issue 31, docs/keyboard.md): the parser's verdict shown live
 * under the field (what was understood, in the one formatter's words, or what is accepted), Enter
 * submits only what was understood.
 */
export function DurationField({ label, value, onChange, echo, onSubmit, placeholder = '1h30, 90, +15m', disabled, inputId, testId = 'duration-field' }: Props) {
  const ownId = useId();
  const id = inputId ?? `${ownId}-input`;
  const noteId = `${ownId}-note`;
  const verdict = durationVerdict(value, echo);
  return (
    <div className="duration-field" data-testid={testId}>
      <label htmlFor={id} className="duration-field__label">
        {label}
      </label>
      <Input
        id={id}
        size="small"
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete="off"
        aria-describedby={noteId}
        aria-invalid={verdict.kind === 'error' || undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (verdict.kind === 'ok' && onSubmit) onSubmit(verdict.parsed);
        }}
      />
      <Typography.Text
        id={noteId}
        type={verdict.kind === 'error' ? 'danger' : 'secondary'}
        className="duration-field__note"
        aria-live="polite"
        data-testid={`${testId}-note`}
      >
        {verdict.kind === 'empty' ? DURATION_ACCEPTED : verdict.kind === 'error' ? verdict.error : verdict.text}
      </Typography.Text>
    </div>
  );
}
