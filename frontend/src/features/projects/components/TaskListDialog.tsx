import { useEffect } from 'react';
import type { InputRef } from 'antd';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { Form, Input, Modal } from 'antd';
import type { TaskList } from '../../../api/types';
import { useAppDispatch } from '../../../shared/hooks';
import { fieldError, useRequest } from '../../../shared/requests/useRequest';
import { projectsActions } from '../slice';

/** 'Create new task list' (Create) or 'Rename task list' (Done), one field (spec 02 §2). */
export function TaskListDialog({ projectId, list, open, onClose }: { projectId: number; list: TaskList | null; open: boolean; onClose: () => void }) {
  const titleRef = useFocusOnOpen<InputRef>(open);
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<{ title: string }>();
  const { request, next, reset } = useRequest();

  useEffect(() => {
    if (open) {
      form.setFieldsValue({ title: list?.title ?? '' });
      reset();
    }
  }, [open, list, form, reset]);

  useEffect(() => {
    if (request?.status === 'succeeded') {
      reset();
      onClose();
    }
  }, [request, reset, onClose]);

  const serverError = request?.status === 'failed' ? fieldError(request.fieldErrors, 'title') : undefined;
  return (
    <Modal
      open={open}
      title={list ? 'Rename task list' : 'Create new task list'}
      okText={list ? 'Done' : 'Create'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={request?.status === 'pending'}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ title }) => dispatch(projectsActions.taskListSubmitted({ requestId: next(), projectId, listId: list?.id ?? null, title: title.trim() }))}
      >
        <Form.Item
          name="title"
          label="Task list name"
          rules={[{ required: true, whitespace: true, message: 'Enter a task list title.' }]}
          validateStatus={serverError ? 'error' : undefined}
          help={serverError}
        >
          <Input ref={titleRef} maxLength={120} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
