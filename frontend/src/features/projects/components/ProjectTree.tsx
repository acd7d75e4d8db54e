import { useEffect, useState } from 'react';
import { Button, Empty, Tooltip } from 'antd';
import { MinusSquareOutlined, PlusOutlined, PlusSquareOutlined, RightOutlined, DownOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { build, paths } from '../../../shared/routes';
import { useBeta } from '../../../shared/useBeta';
import { selectMembershipRemovedProjectId, selectProjectTree } from '../selectors';
import { projectsActions } from '../slice';
import { feedback } from '../../../shared/feedback';
import { Text } from '../../../shared/Text';
import { LazyProjectFormModal as ProjectFormModal } from './LazyProjectFormModal';

export const MEMBERSHIP_REMOVED_TEXT = 'Your membership for this project has been removed.';

/** The side menu's project tree (spec 02 §2): projects, each with the lists shown in the sidebar. */
export function ProjectTree() {
  const tree = useAppSelector(selectProjectTree);
  const removedFrom = useAppSelector(selectMembershipRemovedProjectId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { link } = useBeta();
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (removedFrom === null) return;
    feedback.info({
      title: MEMBERSHIP_REMOVED_TEXT,
      okText: 'OK',
      onOk: () => {
        dispatch(projectsActions.membershipRemovedAcknowledged());
        navigate(paths.home);
      },
    });
  }, [removedFrom, dispatch, navigate]);

  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div data-testid="project-tree" style={{ padding: '0 8px', overflowY: 'auto' }}>
      <div style={{ display: 'flex', alignItems: 'center', padding: '16px 8px 8px' }}>
        <Text secondary style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 0.5, flex: 1 }}>
          Projects
        </Text>
        <Tooltip title="Expand all">
          <Button size="small" type="text" aria-label="Expand all" icon={<PlusSquareOutlined />} onClick={() => setCollapsed(new Set())} />
        </Tooltip>
        <Tooltip title="Collapse all">
          <Button
            size="small"
            type="text"
            aria-label="Collapse all"
            icon={<MinusSquareOutlined />}
            onClick={() => setCollapsed(new Set(tree.map((node) => node.project.id)))}
          />
        </Tooltip>
        <Tooltip title="Create a Project">
          <Button size="small" type="text" aria-label="Create a Project" icon={<PlusOutlined />} onClick={() => setCreating(true)} />
        </Tooltip>
      </div>
      {tree.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No projects yet" style={{ margin: '8px 0' }} />}
      <ul role="tree" aria-label="Projects" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {tree.map(({ project, lists }) => {
          const open = !collapsed.has(project.id);
          const projectPath = build.project(project.id, project.title);
          return (
            <li key={project.id} role="treeitem" aria-expanded={open} aria-selected={location.pathname === projectPath} aria-label={project.title}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '4px 4px', borderRadius: 6, background: location.pathname === projectPath ? '#e6f4ff' : undefined }}>
                <Button
                  size="small"
                  type="text"
                  aria-label={open ? `Collapse ${project.title}` : `Expand ${project.title}`}
                  icon={open ? <DownOutlined style={{ fontSize: 10 }} /> : <RightOutlined style={{ fontSize: 10 }} />}
                  onClick={() => toggle(project.id)}
                />
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 3, background: project.hexColor, flex: 'none' }} />
                <Link to={link(projectPath)} style={{ color: 'inherit', flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {project.title}
                </Link>
              </div>
              {open && lists.length > 0 && (
                <ul role="group" style={{ listStyle: 'none', margin: 0, padding: '0 0 4px 42px' }}>
                  {lists.map((list) => {
                    const listPath = build.list(list.id, list.title);
                    const active = location.pathname.startsWith(listPath);
                    return (
                      <li key={list.id} role="treeitem" aria-selected={active} aria-label={list.title}>
                        <Link
                          to={link(listPath)}
                          style={{ display: 'block', padding: '3px 8px', borderRadius: 6, color: active ? '#0958d9' : 'rgba(0,0,0,0.75)', background: active ? '#e6f4ff' : undefined, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        >
                          {list.title}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      <ProjectFormModal open={creating} project={null} onClose={() => setCreating(false)} />
    </div>
  );
}
