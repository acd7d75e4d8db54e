import { useState } from 'react';
import { Alert, Button, Dropdown, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import type { Project } from '../../../api/types';
import { PageFrame } from '../../../shared/PageFrame';
import { build } from '../../../shared/routes';
import { useBeta } from '../../../shared/useBeta';
import { LazyProjectFormModal as ProjectFormModal } from '../../../features/projects/components/LazyProjectFormModal';
import { ArchiveProjectDialog, DeleteProjectDialog } from '../../../features/workspace/components/ProjectDialogs';
import { PanelToolbar } from '../../../features/workspace/components/PanelToolbar';
import { useProjectRows } from '../../../features/workspace/hooks';
import { workspaceActions, type ProjectFilter } from '../../../features/workspace/slice';
import { PROJECTS_PAGE_SIZE as PAGE_SIZE } from '../../../features/workspace/constants';
import { useAppDispatch } from '../../../shared/hooks';

export const PROJECT_SEARCH_DEBOUNCE_MS = 2000;
type Filter = ProjectFilter;

/** The workspace area's Projects panel (spec 02 §2): every shared project of the workspace. */
export default function ProjectsPanelPage() {
  const { link } = useBeta();
  const dispatch = useAppDispatch();
  const { filter, setFilter, search, setSearch, page, setPage, rows, count, loading, problem } = useProjectRows(PROJECT_SEARCH_DEBOUNCE_MS);
  const refresh = () => dispatch(workspaceActions.projectsChanged());
  // The workspace popover's 'Create a Project' opens the panel with the form open (?new=1).
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<Project | null | undefined>(params.has('new') ? null : undefined);
  const [archiving, setArchiving] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);

  const columns: TableColumnsType<Project> = [
    {
      title: 'Project',
      dataIndex: 'title',
      render: (_, project) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <span aria-hidden style={{ width: 10, height: 10, borderRadius: 3, background: project.hexColor, flex: 'none' }} />
          {project.archived_yn ? project.title : <Link to={link(build.project(project.id, project.title))}>{project.title}</Link>}
        </span>
      ),
    },
    { title: 'Description', dataIndex: 'description', ellipsis: true, render: (text: string) => text || <span className="workspace-muted">No description</span> },
    { title: 'Task lists', dataIndex: 'task_list_count', align: 'right', width: 110 },
    { title: 'Members', dataIndex: 'member_count', align: 'right', width: 100 },
    { title: 'Auto activity', dataIndex: 'auto_activity', width: 140, render: (text: string) => text || 'Daily Report' },
    {
      title: <span className="sr-only">Actions</span>,
      key: 'actions',
      width: 64,
      render: (_, project) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'edit', label: 'Edit', onClick: () => setEditing(project) },
              { key: 'archive', label: project.archived_yn ? 'Unarchive' : 'Archive', onClick: () => setArchiving(project) },
              {
                key: 'delete',
                danger: true,
                disabled: !project.archived_yn,
                label: project.archived_yn ? 'Delete' : <Tooltip title="Archive the project first">Delete</Tooltip>,
                onClick: () => setDeleting(project),
              },
            ],
          }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${project.title}`} />
        </Dropdown>
      ),
    },
  ];

  return (
    <PageFrame
      title="Projects"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          Create new project
        </Button>
      }
    >
      <PanelToolbar<Filter>
        filters={['Active', 'Archived']}
        filter={filter}
        filterLabel="Project status"
        onFilter={setFilter}
        search={search}
        searchPlaceholder="Search projects"
        searchLabel="Search projects"
        onSearch={setSearch}
      />
      {problem && <Alert type="warning" showIcon role="alert" title={problem} style={{ marginBottom: 16 }} data-testid="projects-problem" />}
      <Table<Project>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 800 }}
        locale={{ emptyText: problem ? 'Nothing loaded.' : filter === 'Active' ? 'There are no projects yet.' : 'There are no archived projects.' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: count, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
      />
      <ProjectFormModal
        open={editing !== undefined}
        project={editing ?? null}
        onClose={() => {
          setEditing(undefined);
          refresh();
        }}
      />
      <ArchiveProjectDialog project={archiving} onClose={() => setArchiving(null)} onDone={() => setArchiving(null)} />
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} onDone={() => setDeleting(null)} />
    </PageFrame>
  );
}
