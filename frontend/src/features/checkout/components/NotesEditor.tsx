import { useMemo, useRef, useState, type ReactNode } from 'react';
import { CompositeDecorator, ContentState, Editor, EditorState, RichUtils, type ContentBlock, type DraftHandleValue } from 'draft-js';
import 'draft-js/dist/Draft.css';
import { Button, Input, Space, Tooltip, type InputRef } from 'antd';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { contentOf, normaliseUrl, notesOf } from '../notesFormat';
import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';

function findLinks(block: ContentBlock, callback: (start: number, end: number) => void, content: ContentState) {
  block.findEntityRanges((character) => {
    const key = character.getEntity();
    return key !== null && content.getEntity(key).getType() === 'LINK';
  }, callback);
}

function Link({ contentState, entityKey, children }: { contentState: ContentState; entityKey: string; children: ReactNode }) {
  const { url } = contentState.getEntity(entityKey).getData() as { url: string };
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" title={url}>
      {children}
    </a>
  );
}

const decorator = new CompositeDecorator([{ strategy: findLinks, component: Link }]);

interface Props {
  notes: string | null;
  readOnly: boolean;
  placeholder: string;
  onBlur: (notes: string) => void;
}

/** The checkout note: bold, italic, lists and links (spec 01 §2, §5); saved by the caller on blur. */
export default function NotesEditor({ notes, readOnly, placeholder, onBlur }: Props) {
  const [state, setState] = useState(() => EditorState.createWithContent(contentOf(notes), decorator));
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const editor = useRef<Editor>(null);
  const urlInput = useFocusOnOpen<InputRef>(linkOpen);
  const selectionForLink = useRef(state.getSelection());

  const style = state.getCurrentInlineStyle();
  const blockType = useMemo(
    () => state.getCurrentContent().getBlockForKey(state.getSelection().getStartKey())?.getType(),
    [state],
  );

  const handleKeyCommand = (command: string, current: EditorState): DraftHandleValue => {
    const next = RichUtils.handleKeyCommand(current, command);
    if (next) {
      setState(next);
      return 'handled';
    }
    return 'not-handled';
  };

  const toggleStyle = (name: 'BOLD' | 'ITALIC') => setState(RichUtils.toggleInlineStyle(state, name));
  const toggleBlock = (name: string) => setState(RichUtils.toggleBlockType(state, name));

  const openLink = () => {
    selectionForLink.current = state.getSelection();
    const content = state.getCurrentContent();
    const block = content.getBlockForKey(selectionForLink.current.getStartKey());
    const key = block?.getEntityAt(selectionForLink.current.getStartOffset());
    setUrl(key ? ((content.getEntity(key).getData() as { url?: string }).url ?? '') : '');
    setUrlError(null);
    setLinkOpen(true);
  };

  const applyLink = () => {
    const clean = normaliseUrl(url);
    if (clean === null) {
      setUrlError('Enter a web address (https://…).');
      return;
    }
    const selection = selectionForLink.current;
    let next: EditorState;
    if (clean === '') {
      next = RichUtils.toggleLink(state, selection, null); // an empty value removes the link
    } else {
      const content = state.getCurrentContent().createEntity('LINK', 'MUTABLE', { url: clean });
      const entityKey = content.getLastCreatedEntityKey();
      next = RichUtils.toggleLink(EditorState.set(state, { currentContent: content }), selection, entityKey);
    }
    setState(next);
    setLinkOpen(false);
    onBlur(notesOf(next.getCurrentContent()));
  };

  const mark = (on: boolean) => (on ? 'primary' : 'text');
  // Toolbar buttons keep the editor's selection: mousedown would blur it first.
  const keep = (event: React.MouseEvent) => event.preventDefault();

  return (
    <div className={`checkout-notes${readOnly ? ' checkout-notes--readonly' : ''}`} data-testid="checkout-notes">
      {!readOnly && (
        <div className="checkout-notes__toolbar" role="toolbar" aria-label="Formatting">
          <Space size={2} wrap>
            <Tooltip title="Bold">
              <Button size="small" type={mark(style.has('BOLD'))} icon={<BoldOutlined />} aria-label="Bold" aria-pressed={style.has('BOLD')} onMouseDown={keep} onClick={() => toggleStyle('BOLD')} />
            </Tooltip>
            <Tooltip title="Italic">
              <Button size="small" type={mark(style.has('ITALIC'))} icon={<ItalicOutlined />} aria-label="Italic" aria-pressed={style.has('ITALIC')} onMouseDown={keep} onClick={() => toggleStyle('ITALIC')} />
            </Tooltip>
            <Tooltip title="Bulleted list">
              <Button size="small" type={mark(blockType === 'unordered-list-item')} icon={<UnorderedListOutlined />} aria-label="Bulleted list" aria-pressed={blockType === 'unordered-list-item'} onMouseDown={keep} onClick={() => toggleBlock('unordered-list-item')} />
            </Tooltip>
            <Tooltip title="Numbered list">
              <Button size="small" type={mark(blockType === 'ordered-list-item')} icon={<OrderedListOutlined />} aria-label="Numbered list" aria-pressed={blockType === 'ordered-list-item'} onMouseDown={keep} onClick={() => toggleBlock('ordered-list-item')} />
            </Tooltip>
            <Tooltip title="Link">
              <Button size="small" type="text" icon={<LinkOutlined />} aria-label="Link" onMouseDown={keep} onClick={openLink} />
            </Tooltip>
          </Space>
          {linkOpen && (
            <div className="checkout-notes__link">
              <Input
                ref={urlInput}
                size="small"
                aria-label="Enter URL"
                placeholder="Enter URL"
                value={url}
                status={urlError ? 'error' : undefined}
                onChange={(event) => setUrl(event.target.value)}
                onKeyDown={(event) => {
                  // Enter applies the link here and must not reach the editor (it would split the line).
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    event.stopPropagation();
                    applyLink();
                  } else if (event.key === 'Escape') setLinkOpen(false);
                }}
                style={{ width: 240 }}
              />
              <Button size="small" type="primary" onClick={applyLink}>
                OK
              </Button>
              <Button size="small" onClick={() => setLinkOpen(false)}>
                Cancel
              </Button>
              {urlError && (
                <span role="alert" className="checkout-notes__error">
                  {urlError}
                </span>
              )}
            </div>
          )}
        </div>
      )}
      {/* The editor's surface: a click anywhere in it puts the caret in the text. */}
      {/* Read-only, Draft drops the textbox role: the surface carries the name (no ARIA on a role-less div). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events */}
      <div
        className="checkout-notes__surface"
        onClick={() => editor.current?.focus()}
        role={readOnly ? 'group' : undefined}
        aria-label={readOnly ? 'Checkout notes' : undefined}
      >
        <Editor
          ref={editor}
          editorState={state}
          onChange={setState}
          readOnly={readOnly}
          placeholder={placeholder}
          handleKeyCommand={handleKeyCommand}
          onBlur={() => onBlur(notesOf(state.getCurrentContent()))}
          ariaLabel={readOnly ? undefined : 'Checkout notes'}
          ariaMultiline={readOnly ? undefined : true}
          spellCheck
          webDriverTestID="checkout-notes-editor"
        />
      </div>
    </div>
  );
}
