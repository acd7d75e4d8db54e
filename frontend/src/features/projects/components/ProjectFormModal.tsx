import { useEffect } from 'react';
import type { InputRef } from 'antd';
import { useFocusOnOpen } from '../../../shared/useFocusOnOpen';
import { Button, Col, Form, Input, Modal, Row, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { Project } from '../../../api/types';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { build } from '../../../shared/routes';
import { useBeta } from '../../../shared/useBeta';
import { fieldError, useRequest } from '../../../shared/requests/useRequest';
import { selectColors } from '../selectors';
import { projectsActions, type ProjectFormValues } from '../slice';

export const DEFAULT_LIST_TITLE = 'Task list 1';

interface Props {
  open: boolean;
  /** null: create a project; else edit this one. */
  project: Project | null;
  onClose: () => void;
}

/** Full-screen create / edit form with a static preview on the right (spec 02 §2). */
export function ProjectFormModal({ open, project, onClose }: Props) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { link } = useBeta();
  const colors = useAppSelector(selectColors);
  const [form] = Form.useForm<ProjectFormValues>();
  const titleRef = useFocusOnOpen<InputRef>(open);
  const { request, next, reset } = useRequest();
  const values = Form.useWatch([], form) as Partial<ProjectFormValues> | undefined;
  const editing = project !== null;

  useEffect(() => {
    if (open) dispatch(projectsActions.colorsRequested());
  }, [open, dispatch]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      project
        ? { title: project.title, color: project.color.id, description: project.description, auto_activity: project.auto_activity }
        : { title: '', task_list_title: DEFAULT_LIST_TITLE, description: '', auto_activity: 'Daily Report' },
    );
    reset();
  }, [open, project, form, reset]);

  useEffect(() => {
    if (request?.status !== 'succeeded') return;
    const title = form.getFieldValue('title') as string;
    reset();
    onClose();
    if (!editing && request.resultId) navigate(link(build.project(request.resultId, title)));
  }, [request, editing, form, navigate, link, onClose, reset]);

  const serverErrors = request?.status === 'failed' ? request.fieldErrors : undefined;

  const cancel = () => {
    Modal.confirm({
      title: 'Warning',
      content: `Do you want to cancel ${editing ? 'editing' : 'creating'} this project?`,
      okText: 'Yes',
      cancelText: 'No',
      onOk: onClose,
    });
  };

  const submit = (formValues: ProjectFormValues) => {
    const requestId = next();
    const body: ProjectFormValues = { ...formValues, title: formValues.title.trim() };
    if (editing) delete body.task_list_title;
    dispatch(projectsActions.projectSubmitted({ requestId, projectId: project?.id ?? null, values: body }));
  };

  const previewColor = colors.find((c) => c.id === values?.color)?.value ?? '#d9d9d9';
  const previewTitle = values?.title?.trim() || 'Project name';

  return (
    <Modal
      open={open}
      onCancel={cancel}
      footer={null}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ container: { minHeight: '100vh', borderRadius: 0 } }}
      title={editing ? 'Edit project' : 'Create a project'}
      destroyOnHidden
      maskClosable={false}
    >
      <Row gutter={48} style={{ minHeight: 'calc(100vh - 120px)' }}>
        <Col xs={24} md={12} style={{ maxWidth: 560 }}>
          <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} aria-label="Project form">
            <Form.Item
              name="title"
              label="Project name"
              rules={[{ required: true, whitespace: true, message: 'Enter the project name' }]}
              validateStatus={fieldError(serverErrors, 'title') ? 'error' : undefined}
              help={fieldError(serverErrors, 'title')}
            >
              <Input ref={titleRef} placeholder="e.g. Website relaunch" maxLength={120} />
            </Form.Item>
            {!editing && (
              <Form.Item
                name="task_list_title"
                label="First task list"
                rules={[{ required: true, whitespace: true, message: 'Enter the task list name' }]}
                validateStatus={fieldError(serverErrors, 'task_list_title') ? 'error' : undefined}
                help={fieldError(serverErrors, 'task_list_title')}
              >
                <Input maxLength={120} />
              </Form.Item>
            )}
            <Form.Item
              name="color"
              label="Project color"
              rules={[{ required: true, message: 'Select the project color' }]}
              validateStatus={fieldError(serverErrors, 'color') ? 'error' : undefined}
              help={fieldError(serverErrors, 'color')}
            >
              <ColorPalette />
            </Form.Item>
            <Form.Item name="auto_activity" label="Auto activity" rules={[{ required: true, whitespace: true, message: 'Enter the auto activity' }]}>
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="description" label="Description">
              <Input.TextArea placeholder="Enter a project description." autoSize={{ minRows: 3, maxRows: 8 }} />
            </Form.Item>
            <div style={{ display: 'flex', gap: 8 }}>
              <Button onClick={cancel}>Cancel</Button>
              <Button type="primary" htmlType="submit" loading={request?.status === 'pending'}>
                {editing ? 'Save' : 'Create project'}
              </Button>
            </div>
          </Form>
        </Col>
        <Col xs={0} md={12}>
          <div aria-label="Preview" style={{ background: '#f5f5f5', borderRadius: 12, padding: 32, height: '100%' }}>
            <Typography.Text type="secondary">Preview</Typography.Text>
            <div style={{ marginTop: 16, background: '#fff', borderRadius: 8, padding: 16, maxWidth: 280, boxShadow: '0 1px 2px rgba(0,0,0,0.06)' }}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <span style={{ width: 12, height: 12, borderRadius: 3, background: previewColor }} />
                <Typography.Text strong ellipsis data-testid="preview-title">
                  {previewTitle}
                </Typography.Text>
              </div>
              {!editing && (
                <div style={{ margin: '8px 0 0 20px', color: 'rgba(0,0,0,0.65)' }}>{values?.task_list_title?.trim() || DEFAULT_LIST_TITLE}</div>
              )}
            </div>
            <div style={{ marginTop: 24, background: '#fff', borderRadius: 8, padding: 24, borderTop: `4px solid ${previewColor}` }}>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {previewTitle}
              </Typography.Title>
              <Typography.Paragraph type={values?.description ? undefined : 'secondary'}>
                {values?.description || 'Enter a project description.'}
              </Typography.Paragraph>
            </div>
          </div>
        </Col>
      </Row>
    </Modal>
  );
}

/** The colour palette as a radio group of swatches (about 48 colours, spec 02 §3). */
function ColorPalette({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const colors = useAppSelector(selectColors);
  return (
    <div role="radiogroup" aria-label="Project color" style={{ display: 'grid', gridTemplateColumns: 'repeat(12, 28px)', gap: 8 }}>
      {colors.map((color) => (
        <button
          key={color.id}
          type="button"
          role="radio"
          aria-checked={value === color.id}
          aria-label={color.title || color.value}
          onClick={() => onChange?.(color.id)}
          style={{ width: 28, height: 28, borderRadius: 6, border: value === color.id ? '2px solid #141414' : '1px solid rgba(0,0,0,0.1)', background: color.value, cursor: 'pointer', color: '#fff', display: 'grid', placeItems: 'center', padding: 0 }}
        >
          {value === color.id && <CheckOutlined />}
        </button>
      ))}
    </div>
  );
}
