// Endpoint functions of the workspace area (admins), the team page and the invitation link
// (docs/api.md "Workspace area").
import { api } from './client';
import type {
  Detail,
  InvitationInfo,
  MemberCreated,
  MemberCreateRequest,
  MemberDetail,
  MemberPage,
  MemberUpdateRequest,
  ProjectPage,
  TeamPageEntry,
  TeamPageRow,
  WorkspaceSettings,
  WorkspaceSettingsRequest,
} from './types';

export interface MemberQuery {
  status: 'active' | 'inactive';
  search?: string;
  page?: number;
  page_size?: number;
}

export async function fetchMembers(params: MemberQuery): Promise<MemberPage> {
  return (await api.get<MemberPage>('/api/workspace/members/', { params })).data;
}

export async function fetchMember(id: number): Promise<MemberDetail> {
  return (await api.get<MemberDetail>(`/api/workspace/members/${id}/`)).data;
}

export async function createMember(body: MemberCreateRequest): Promise<MemberCreated> {
  return (await api.post<MemberCreated>('/api/workspace/members/', body)).data;
}

export async function updateMember(id: number, body: MemberUpdateRequest): Promise<MemberDetail> {
  return (await api.patch<MemberDetail>(`/api/workspace/members/${id}/`, body)).data;
}

export async function deactivateMember(id: number): Promise<MemberDetail> {
  return (await api.post<MemberDetail>(`/api/workspace/members/${id}/deactivate/`)).data;
}

export async function reactivateMember(id: number): Promise<MemberDetail> {
  return (await api.post<MemberDetail>(`/api/workspace/members/${id}/reactivate/`)).data;
}

/** Removes the member's authenticator and recovery codes (logged; the member gets an email). */
export async function resetMemberTwoFactor(id: number): Promise<MemberDetail> {
  return (await api.post<MemberDetail>(`/api/workspace/members/${id}/two_factor_reset/`)).data;
}

export async function inviteMember(id: number): Promise<Detail> {
  return (await api.post<Detail>(`/api/workspace/members/${id}/invite/`)).data;
}

export async function setMemberTeamPage(id: number, observedUserIds: number[]): Promise<TeamPageEntry[]> {
  return (await api.put<TeamPageEntry[]>(`/api/workspace/members/${id}/team_page/`, { observed_user_ids: observedUserIds })).data;
}

export interface ProjectQuery {
  archived_yn: boolean;
  search?: string;
  page?: number;
  page_size?: number;
}

export async function fetchWorkspaceProjects(params: ProjectQuery): Promise<ProjectPage> {
  return (await api.get<ProjectPage>('/api/workspace/projects/', { params })).data;
}

export async function fetchTeamPage(): Promise<TeamPageRow[]> {
  return (await api.get<TeamPageRow[]>('/api/workspace/team_page/')).data;
}

export async function checkInvitation(token: string): Promise<InvitationInfo> {
  return (await api.post<InvitationInfo>('/api/accounts/invitation/', { token })).data;
}

export async function acceptInvitation(token: string, password: string): Promise<InvitationInfo> {
  return (await api.post<InvitationInfo>('/api/accounts/invitation/accept/', { token, password })).data;
}

/** The workspace's settings (admins): defaults, the two-factor requirement, the idle time (docs/presence.md). */
export async function fetchWorkspaceSettings(): Promise<WorkspaceSettings> {
  return (await api.get<WorkspaceSettings>('/api/workspace/settings/')).data;
}

export async function updateWorkspaceSettings(body: WorkspaceSettingsRequest): Promise<WorkspaceSettings> {
  return (await api.patch<WorkspaceSettings>('/api/workspace/settings/', body)).data;
}
