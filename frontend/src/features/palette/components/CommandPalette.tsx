import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Input, Modal, Tag } from 'antd';
import type { InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { KIND_LABEL, hitPath, paletteItems, readRecent, remember, type PaletteCommand, type PaletteItem } from '../rules';
import { selectPalette } from '../selectors';
import { paletteActions, searchable } from '../slice';
import { Keys } from './Keys';
import '../palette.css';

interface Props {
  open: boolean;
  onClose: () => void;
  commands: readonly PaletteCommand[];
  /** Opens a path of the SPA (a found project, list, task or person). */
  onOpen: (path: string) => void;
}

const GROUPS = { recent: 'Recent', Actions: 'Actions', 'Go to': 'Go to', hit: 'Projects, lists, tasks and people' } as const;

function groupOf(item: PaletteItem): keyof typeof GROUPS {
  if (item.key.startsWith('recent:')) return 'recent';
  return item.type === 'command' ? item.command.group : 'hit';
}

/** Ctrl-K / Cmd-K (issue 31, docs/keyboard.md): find an action or a thing and run or open it by keyboard. */
export function CommandPalette({ open, onClose, commands, onOpen }: Props) {
  // The body mounts on each opening (destroyOnHidden): an empty query, the first row, the recent list read again.
  return (
    <Modal open={open} onCancel={onClose} footer={null} closable={false} width={640} className="palette" title={null} aria-label="Command palette" destroyOnHidden>
      <PaletteBody onClose={onClose} commands={commands} onOpen={onOpen} />
    </Modal>
  );
}

function PaletteBody({ onClose, commands, onOpen }: Omit<Props, 'open'>) {
  const dispatch = useAppDispatch();
  const { query, hits, searching, error } = useAppSelector(selectPalette);
  const [active, setActive] = useState(0);
  const [recent] = useState(readRecent);
  const input = useFocusOnOpen<InputRef>(true);

  useEffect(() => {
    dispatch(paletteActions.reset());
  }, [dispatch]);

  const items = useMemo(() => paletteItems(commands, query, hits, recent), [commands, query, hits, recent]);
  const current = Math.min(active, Math.max(0, items.length - 1));

  const run = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    if (item.type === 'command') {
      remember({ type: 'command', id: item.command.id });
      item.command.run();
    } else {
      remember({ type: 'hit', hit: item.hit });
      onOpen(hitPath(item.hit));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((items.length + current + step) % Math.max(1, items.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(items[current]);
    }
  };

  useEffect(() => {
    document.getElementById(`palette-item-${current}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const groups: { name: keyof typeof GROUPS; rows: { item: PaletteItem; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const name = groupOf(item);
    const last = groups[groups.length - 1];
    if (last && last.name === name) last.rows.push({ item, index });
    else groups.push({ name, rows: [{ item, index }] });
  });

  const status = error ?? (searching ? 'Searching…' : searchable(query) && hits.length === 0 && items.length === 0 ? 'Nothing found.' : null);

  return (
    <>
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Type a command, a task, a list, a project or a person"
        value={query}
        onChange={(event) => {
          setActive(0);
          dispatch(paletteActions.queryChanged(event.target.value));
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label="Search commands and things"
        aria-expanded
        aria-controls="palette-list"
        aria-autocomplete="list"
        aria-activedescendant={items.length ? `palette-item-${current}` : undefined}
        data-testid="palette-input"
      />
      <div id="palette-list" role="listbox" aria-label="Results" className="palette__list" data-testid="palette-list">
        {groups.map((group) => (
          <div role="group" key={`${group.name}-${group.rows[0].index}`} aria-labelledby={`palette-group-${group.rows[0].index}`}>
            <div role="presentation" id={`palette-group-${group.rows[0].index}`} className="palette__group">
              {GROUPS[group.name]}
            </div>
            {group.rows.map(({ item, index }) => (
              <div
                key={item.key}
                id={`palette-item-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === current}
                className={`palette__item${index === current ? ' palette__item--active' : ''}`}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run(item)}
                onKeyDown={(event) => event.key === 'Enter' && run(item)}
                data-testid="palette-item"
              >
                {item.type === 'command' ? (
                  <>
                    <span className="palette__label">{item.command.label}</span>
                    {item.command.keys && <Keys keys={item.command.keys} />}
                  </>
                ) : (
                  <>
                    <Tag className="palette__kind" color={item.hit.kind === 'project' && item.hit.color ? item.hit.color : undefined}>
                      {KIND_LABEL[item.hit.kind]}
                    </Tag>
                    <span className="palette__label">{item.hit.title}</span>
                    <span className="palette__where">{[item.hit.project_title, item.hit.kind === 'task' ? item.hit.task_list_title : null].filter(Boolean).join(' · ')}</span>
                    {item.hit.archived && <Tag>{item.hit.kind === 'person' ? 'Deactivated' : 'Archived'}</Tag>}
                  </>
                )}
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className="palette__status" role="status" aria-live="polite">
        {status}
      </div>
      <div className="palette__help">
        <Keys keys={['↑', '↓']} /> to move · <Keys keys={['Enter']} /> to run or open · <Keys keys={['Esc']} /> to close · <Keys keys={['?']} /> for every shortcut
      </div>
    </>
  );
}
