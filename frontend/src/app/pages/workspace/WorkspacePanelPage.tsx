import { lazy, Suspense } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../shared/hooks';
import { PageFrame } from '../../../shared/PageFrame';
import { paths } from '../../../shared/routes';
import { selectCurrentUser } from '../../../shared/session';
import { useBeta } from '../../../shared/useBeta';
import { useWorkspaceCounts } from '../../../features/workspace/hooks';
import { WeekStartSetting } from '../../../features/workspace/components/WeekStartSetting';
import { RequireTwoFactorSetting } from '../../../features/workspace/components/RequireTwoFactorSetting';
import { IdleTimeSetting } from '../../../features/workspace/components/IdleTimeSetting';
import { GuardianSetting } from '../../../features/workspace/components/GuardianSetting';
import { ClosingAdminPanel } from '../../../features/closing/components/ClosingAdminPanel';
import WorkspaceTimeAccount from '../../../features/timeaccount/components/WorkspaceTimeAccount';

// Single sign-on's settings (docs/security.md): their own chunk, loaded with this view only.
const SsoSettings = lazy(() => import('../../../features/workspace/components/SsoSettings'));

/** The workspace area's Workspace view: the workspace at a glance, with the ways into it. */
export default function WorkspacePanelPage() {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const { link } = useBeta();
  const { counts, problem } = useWorkspaceCounts();

  return (
    <PageFrame title="Workspace" width="narrow">
      <section className="workspace-card" aria-labelledby="workspace-name">
        <h2 id="workspace-name" className="workspace-card__title">
          {user?.workspace_name ?? 'Workspace'}
        </h2>
        {!counts && problem && <Alert type="warning" showIcon role="alert" title={problem} />}
        {/* While the counts load, the same list with a placeholder for each number: the card
            keeps its height, so nothing below it moves when they arrive. */}
        {(counts || !problem) && (
          <dl className="workspace-counts" aria-busy={!counts}>
            {(
              [
                ['Active members', counts?.active],
                ['Inactive members', counts?.inactive],
                ['Active projects', counts?.projects],
                ['Archived projects', counts?.archived],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value ?? <Skeleton.Button active size="small" className="workspace-counts__placeholder" />}</dd>
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
        <IdleTimeSetting />
        <GuardianSetting />
      </section>
      <section className="workspace-card" aria-labelledby="workspace-security" style={{ marginTop: 16 }}>
        <h2 id="workspace-security" className="workspace-card__title">
          Security
        </h2>
        <RequireTwoFactorSetting />
      </section>
      <section className="workspace-card" aria-labelledby="workspace-closing" style={{ marginTop: 16 }}>
        <h2 id="workspace-closing" className="workspace-card__title">
          Closing the week
        </h2>
        <ClosingAdminPanel />
      </section>
      <section className="workspace-card" aria-labelledby="workspace-sso" style={{ marginTop: 16 }}>
        <h2 id="workspace-sso" className="workspace-card__title">
          Single sign-on
        </h2>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <SsoSettings />
        </Suspense>
      </section>
      {/* Last: the tallest card, whose height is known only once its settings load (a year's
          holidays, the schedules, the time-off types); below the others, its load moves none of
          their controls while an admin is using them. */}
      <section className="workspace-card" aria-labelledby="workspace-working-time" style={{ marginTop: 16 }}>
        <h2 id="workspace-working-time" className="workspace-card__title">
          Working time
        </h2>
        <WorkspaceTimeAccount />
      </section>
    </PageFrame>
  );
}
