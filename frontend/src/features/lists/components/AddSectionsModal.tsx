import { useState } from 'react';
import { Button, Input, List, Modal, Space } from 'antd';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { useRequest } from '../../../shared/requests/useRequest';
import { selectSections } from '../selectors';
import { listsActions } from '../slice';

/** Add sections: collect names (no repeats), then create them all (spec 02 §2, §5). */
export function AddSectionsModal({ listId, open, onClose }: { listId: number; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const sections = useAppSelector(selectSections);
  const [name, setName] = useState('');
  const [pending, setPending] = useState<string[]>([]);
  const { request, next } = useRequest(() => {
    setPending([]);
    onClose();
  });
  const clean = name.trim();
  const repeated = pending.some((p) => p.toLowerCase() === clean.toLowerCase());

  const add = () => {
    if (!clean || repeated) return;
    setPending((rows) => [...rows, clean]);
    setName('');
  };

  return (
    <Modal
      open={open}
      title="Add sections"
      okText="Add sections"
      okButtonProps={{ disabled: pending.length === 0 }}
      confirmLoading={request?.status === 'pending'}
      onOk={() => dispatch(listsActions.sectionsCreateRequested({ listId, titles: pending, requestId: next() }))}
      onCancel={() => {
        setPending([]);
        onClose();
      }}
    >
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Input
          placeholder="Section name"
          aria-label="Section name"
          value={name}
          maxLength={120}
          status={repeated ? 'error' : undefined}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={add}
        />
        <Button type="primary" disabled={!clean || repeated} onClick={add}>
          Create
        </Button>
      </Space.Compact>
      {sections.some((s) => s.title.toLowerCase() === clean.toLowerCase()) && clean && (
        <div style={{ color: '#d48806', marginBottom: 8 }}>The list already has a section with this name.</div>
      )}
      <List
        size="small"
        bordered
        dataSource={pending}
        // antd's empty text is #bfbfbf on white (1.8:1): the words in the readable secondary grey.
        locale={{ emptyText: <span style={{ color: 'rgba(0,0,0,0.6)' }}>No sections yet.</span> }}
        renderItem={(title) => (
          <List.Item
            actions={[
              <Button key="delete" size="small" type="link" danger onClick={() => setPending((rows) => rows.filter((r) => r !== title))}>
                Delete
              </Button>,
            ]}
          >
            {title}
          </List.Item>
        )}
      />
    </Modal>
  );
}
