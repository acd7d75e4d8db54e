import { useMemo, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import type { WorkspaceUser } from '../../../api/types';
import { UserAvatar } from '../../../shared/UserAvatar';
import { useAppDispatch } from '../../../shared/hooks';
import { searchMembers } from '../memberSearch';
import { projectsActions } from '../slice';

interface Props {
  users: readonly WorkspaceUser[];
  addedUserIds: number[];
  onAdd: (user: WorkspaceUser) => void;
  placeholder?: string;
}

/** The owner-only search-and-add bar of the members tables (popover 360 px, spec 02 §9). */
export function MemberSearchBar({ users, addedUserIds, onAdd, placeholder = 'Search or add new project member' }: Props) {
  const dispatch = useAppDispatch();
  const [term, setTerm] = useState('');
  const matches = useMemo(() => searchMembers(users, term, addedUserIds), [users, term, addedUserIds]);
  return (
    <AutoComplete
      value={term}
      onChange={(value: string) => {
        setTerm(value);
        dispatch(projectsActions.workspaceUsersSearched(value));
      }}
      style={{ width: 360 }}
      popupMatchSelectWidth={360}
      options={matches.map((user) => ({
        value: String(user.id),
        label: (
          <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <UserAvatar user={user} size={24} />
            {user.display_name}
            <span style={{ color: 'rgba(0,0,0,0.6)' }}>{user.full_name}</span>
          </span>
        ),
      }))}
      onSelect={(value: string) => {
        const user = users.find((u) => String(u.id) === value);
        setTerm('');
        if (user) onAdd(user);
      }}
      notFoundContent={term ? 'No matching people' : null}
    >
      <Input prefix={<UserAddOutlined />} placeholder={placeholder} aria-label={placeholder} allowClear />
    </AutoComplete>
  );
}
