import { useEffect } from 'react';
import { Spin } from 'antd';
import { Navigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { build, paths } from '../../../shared/routes';
import { MalformedUrl } from '../../../shared/MalformedUrl';
import { parseRouteId } from '../../../shared/slug';
import { listsActions } from '../slice';
// antd's office styles made at build time, loaded before this chunk runs (scripts/antd-styles.mjs).
import '../../../shared/antd-office.gen.css';

/** /s/{sectionId}/{slug}: the section is shown on its list page. */
export default function SectionRedirect() {
  const dispatch = useAppDispatch();
  const sectionId = parseRouteId(useParams().sectionId);
  const link = useAppSelector((state) => state.lists.sectionLink);
  useEffect(() => {
    if (sectionId !== null) dispatch(listsActions.sectionLinkOpened(sectionId));
  }, [sectionId, dispatch]);
  if (sectionId === null) return <MalformedUrl />;
  if (link?.sectionId === sectionId && link.unknown) return <Navigate to={paths.unauthorized} replace />;
  if (link?.sectionId === sectionId && link.listId !== null) return <Navigate to={build.list(link.listId, link.listTitle)} replace />;
  return <Spin style={{ display: 'block', margin: '64px auto' }} />;
}
