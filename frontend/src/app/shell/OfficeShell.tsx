import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { PageSkeleton } from '../../shared/Skeletons';
import { selectCurrentUser } from '../../shared/session';
import { SideMenu } from './SideMenu';
import { OfficeHeader } from './OfficeHeader';

export default function OfficeShell() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={248} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
        <SideMenu user={user} />
      </Layout.Sider>
      <Layout>
        <OfficeHeader user={user} />
        <Layout.Content style={{ padding: 24 }}>
          {/* A page's chunk loads inside the shell: the menu and header stay, the page shows its shape. */}
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
