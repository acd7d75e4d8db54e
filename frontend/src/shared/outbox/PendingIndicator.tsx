import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { formatTime } from '../time';
import { outboxActions, PENDING_TEXT, selectOutboxEntries, selectRefused, selectWaiting } from './slice';
import './outbox.css';

/**
 * The pending list (docs/offline.md): the writes kept while the server could not be reached, and
 * the replays it refused with its reason (each dismissed by the member). Plain markup: it sits in
 * the office's header, whose first load has no room for antd's Popover.
 */
export function PendingIndicator() {
  const dispatch = useAppDispatch();
  const entries = useAppSelector(selectOutboxEntries);
  const waiting = useAppSelector(selectWaiting);
  const refused = useAppSelector(selectRefused);
  const sending = useAppSelector((state) => state.outbox.sending);
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  const summary = [waiting.length > 0 && `${waiting.length} pending`, refused.length > 0 && `${refused.length} not saved`].filter(Boolean).join(' · ');
  return (
    <div className="outbox">
      <button
        type="button"
        className={`outbox__tag${refused.length > 0 ? ' outbox__tag--refused' : ''}`}
        aria-expanded={open}
        aria-controls="outbox-list"
        data-testid="outbox-indicator"
        title={waiting.length > 0 ? PENDING_TEXT : undefined}
        onClick={() => setOpen(!open)}
      >
        <span className="outbox__dot" aria-hidden="true" />
        <span>{summary}</span>
        {waiting.length > 0 && <span className="outbox__text">{sending ? 'Sending…' : PENDING_TEXT}</span>}
      </button>
      {open && (
        <div id="outbox-list" className="outbox__panel" data-testid="outbox-list">
          <p className="outbox__head">{waiting.length > 0 ? PENDING_TEXT : 'These changes were not saved.'}</p>
          <ul className="outbox__list">
            {entries.map((entry) => (
              <li key={entry.key} className="outbox__item" data-testid="outbox-item">
                <span className="outbox__label">{entry.label}</span>
                <span className="outbox__time">{formatTime(new Date(entry.madeAt))}</span>
                {entry.refusal === null ? (
                  <span className="outbox__state">pending</span>
                ) : (
                  <>
                    <span className="outbox__reason" role="alert">
                      Not saved: {entry.refusal.message}
                    </span>
                    <button type="button" className="outbox__dismiss" onClick={() => dispatch(outboxActions.dismissed(entry.key))}>
                      Dismiss
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
