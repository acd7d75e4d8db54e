import { useEffect, useState } from 'react';
import { Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { fetchMembers, fetchWorkspaceProjects } from '../../../api/workspace';
import { useAppSelector } from '../../../shared/hooks';
import { PageFrame } from '../../../shared/PageFrame';
import { paths } from '../../../shared/routes';
import { selectCurrentUser } from '../../../shared/session';
import { useBeta } from '../../../shared/useBeta';
import { useFailure } from '../../../features/workspace/useAdminCall';
import { WeekStartSetting } from '../../../features/workspace/components/WeekStartSetting';

interface Counts {
  active: number;
  inactive: number;
  projects: number;
  archived: number;
}

/** The workspace area's Workspace view: the workspace at a glance, with the ways into it. */
export default function WorkspacePanelPage() {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const { link } = useBeta();
  const fail = useFailure();
  const [counts, setCounts] = useState<Counts | null>(null);

  useEffect(() => {
    Promise.all([
      fetchMembers({ status: 'active', page_size: 1 }),
      fetchMembers({ status: 'inactive', page_size: 1 }),
      fetchWorkspaceProjects({ archived_yn: false, page_size: 1 }),
      fetchWorkspaceProjects({ archived_yn: true, page_size: 1 }),
    ])
      .then(([active, inactive, projects, archived]) =>
        setCounts({ active: active.count, inactive: inactive.count, projects: projects.count, archived: archived.count }),
      )
      .catch((error: unknown) => fail(error, 'The workspace could not be loaded.'));
  }, [fail]);

  return (
    <PageFrame title="Workspace" width="narrow">
      <section className="workspace-card" aria-labelledby="workspace-name">
        <h2 id="workspace-name" className="workspace-card__title">
          {user?.workspace_name ?? 'Workspace'}
        </h2>
        {!counts && <Skeleton active paragraph={{ rows: 2 }} />}
        {counts && (
          <dl className="workspace-counts">
            {(
              [
                ['Active members', counts.active],
                ['Inactive members', counts.inactive],
                ['Active projects', counts.projects],
                ['Archived projects', counts.archived],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 24 }}>
          <Button onClick={() => navigate(link(paths.members))}>Manage members</Button>
          <Button onClick={() => navigate(link(paths.projects))}>Manage projects</Button>
          <Button onClick={() => navigate(link(paths.teamPage))}>Team pages</Button>
        </div>
      </section>
      <section className="workspace-card" aria-labelledby="workspace-defaults" style={{ marginTop: 16 }}>
        <h2 id="workspace-defaults" className="workspace-card__title">
          Defaults
        </h2>
        <WeekStartSetting />
      </section>
    </PageFrame>
  );
}
