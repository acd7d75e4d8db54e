// Every API type comes from the generated schema, so `npm run gen:api` is a drop-in refresh.
// Request bodies are read through `paths` (fixed by the spec) rather than by component name,
// which the schema generator may choose differently.
import type { components, paths } from './schema';

type Schemas = components['schemas'];
type JsonRequest<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

export type UserDetails = Schemas['UserDetails'];
export type StatusRecord = Schemas['StatusRecord'];
export type AuthToken = Schemas['AuthToken'];
export type Detail = Schemas['Detail'];
export type AuthTokenRequest = JsonRequest<paths['/api/accounts/token/']['post']>;
export type PasswordChangeRequest = JsonRequest<paths['/api/accounts/me/password/']['post']>;
// 'Forgot password?' and the signed-in devices (issue 30, docs/security.md).
export type PasswordResetRequest = JsonRequest<paths['/api/accounts/password_reset/']['post']>;
export type PasswordResetLink = JsonRequest<paths['/api/accounts/password_reset/check/']['post']>;
export type PasswordResetConfirm = JsonRequest<paths['/api/accounts/password_reset/confirm/']['post']>;
export type PasswordResetAccount = Schemas['PasswordResetAccount'];
export type Session = Schemas['Session'];
// Two-factor sign-in (issue 30, docs/security.md).
export type SignInAnswer = Schemas['SignInAnswer'];
export type TwoFactorChallenge = Schemas['TwoFactorChallenge'];
export type TwoFactorSetup = Schemas['TwoFactorSetup'];
export type TwoFactorEnrolledToken = Schemas['TwoFactorEnrolledToken'];
export type TwoFactorState = Schemas['TwoFactorState'];
export type TwoFactorRecoveryCodes = Schemas['TwoFactorRecoveryCodes'];
export type TwoFactorDisableRequest = JsonRequest<paths['/api/accounts/me/two_factor/disable/']['post']>;
export type SessionsSignedOut = Schemas['SessionsSignedOut'];
export type StatusChangeRequest = JsonRequest<paths['/api/work/create_log_user_status/']['post']>;
export type StatusId = StatusRecord['status_enum_identifier'];
/** The statuses a user can set; leaving the office has its own call. */
export type InOfficeStatus = StatusChangeRequest['status_enum_identifier'];
export type WorktimeSummary = Schemas['WorktimeSummary'];
export type NextCalendarSchedule = Schemas['NextCalendarSchedule'];
export type CalendarSession = Schemas['CalendarSession'];
// Calendars and external trackers (issue 15, docs/integrations.md).
export type WorkShiftSchedule = Schemas['WorkShiftSchedule'];
export type CalendarScheduleRequest = JsonRequest<paths['/api/work/calendar_schedule/']['post']>;
export type IntegrationSettings = Schemas['IntegrationSettings'];
export type IntegrationSettingsUpdate = JsonRequest<paths['/api/work/integrations/']['patch']>;
export type TestConnectionRequest = JsonRequest<paths['/api/work/integrations/test_connection/']['post']>;
export type TestConnectionResult = Schemas['TestConnectionResult'];
export type TimeTracker = Schemas['TimeTracker'];
export type SyncTimeEntriesRequest = JsonRequest<paths['/api/work/sync_time_tracked_externally_records/']['post']>;
export type SyncTimeEntriesResult = Schemas['SyncTimeEntriesResult'];
export type Teammate = Schemas['Teammate'];
export type TeammatePin = Schemas['TeammatePin'];
export type InvisibleModeState = Schemas['InvisibleModeState'];
export type InvisibleModeRequest = JsonRequest<paths['/api/work/invisible_mode/']['post']>;
/** The fields of PATCH /api/accounts/me/ (sent as multipart so the avatar can travel with them). */
export type ProfileUpdate = Schemas['PatchedProfileUpdateRequest'];

// Projects, lists, sections and tasks (spec 02 §3).
export type Project = Schemas['Project'];
export type ProjectColor = Schemas['ProjectColor'];
export type ProjectCreateRequest = JsonRequest<paths['/api/projects/project/']['post']>;
export type ProjectUpdateRequest = Partial<ProjectCreateRequest>;
export type ProjectMembership = Schemas['ProjectMembership'];
export type ProjectMembershipRequest = JsonRequest<paths['/api/projects/project_memberships/']['post']>;
export type AccessType = ProjectMembership['access_type_enum'];
export type TaskList = Schemas['TaskList'];
export type TaskListCreateRequest = JsonRequest<paths['/api/projects/task_list/']['post']>;
export type TaskListUpdateRequest = JsonRequest<paths['/api/projects/task_list/{task_list_id}/']['put']>;
export type TaskListMembership = Schemas['TaskListMembership'];
export type TaskListMembershipsRequest = JsonRequest<paths['/api/projects/task_list/memberships/']['post']>;
export type TaskListMembershipCreateRequest = JsonRequest<paths['/api/projects/task_list_memberships/']['post']>;
export type TaskListMembershipUpdateRequest = JsonRequest<paths['/api/projects/task_list_memberships/{membership_id}/']['patch']>;
export type Section = Schemas['Section'];
export type SectionTaskCount = Schemas['SectionTaskCount'];
export type SectionCreateRequest = JsonRequest<paths['/api/projects/section/']['post']>;
export type SectionRenameRequest = JsonRequest<paths['/api/projects/section/{section_id}/']['patch']>;
export type SectionRemoveRequest = JsonRequest<paths['/api/projects/section/{section_id}/remove/']['post']>;
export type SectionMergeRequest = JsonRequest<paths['/api/projects/section/{section_id}/merge/']['post']>;
export type SectionMoveToListRequest = JsonRequest<paths['/api/projects/section/{section_id}/move_to_list/']['post']>;
export type SectionMoveRequest = JsonRequest<paths['/api/projects/section/move/']['post']>;
export type SectionTable = SectionMoveRequest['source_table'];
export type Task = Schemas['Task'];
export type TaskPage = Schemas['TaskPage'];
// Search (issue 31, docs/keyboard.md).
export type SearchHit = Schemas['SearchHit'];
export type SearchPage = Schemas['SearchPage'];
export type TaskCreateRequest = JsonRequest<paths['/api/projects/task/']['post']>;
export type TaskUpdateRequest = JsonRequest<paths['/api/projects/task/{task_id}/']['patch']>;
export type UserTask = Schemas['UserTask'];
export type UserTaskRequest = JsonRequest<paths['/api/projects/user_task/']['post']>;
export type ProjectTasks = Schemas['ProjectTasks'];
export type TaskCounts = Schemas['TaskCounts'];
export type WorkspaceUser = Schemas['WorkspaceUser'];

// Activities, unread tracking and notifications (docs/activities.md).
export type Activity = Schemas['Activity'];
export type ActivitySection = Schemas['ActivitySection'];
export type ActivityState = Activity['state'];
export type UnreadTree = Schemas['UnreadTree'];
export type UnreadProject = Schemas['UnreadProject'];
export type UnreadList = Schemas['UnreadList'];
export type UnreadSection = Schemas['UnreadSection'];
export type UnreadTask = Schemas['UnreadTask'];
export type ActivitiesMarked = Schemas['ActivitiesMarked'];
export type MarkReadRequest = JsonRequest<paths['/api/activities/mark_as_read/']['post']>;
export type Notification = Schemas['Notification'];
export type NotificationList = Schemas['NotificationList'];
export type NotificationsMarked = Schemas['NotificationsMarked'];

// Time on tasks (spec 01 §3, §7; docs/api.md "Work (time on tasks)").
export type TaskTime = Schemas['TaskTime'];
type TaskTimeChangeBody = JsonRequest<paths['/api/work/task_time/']['post']>;
/** `all_unallocated` has a server default (false), so the client may leave it out. */
export type TaskTimeChangeRequest = Omit<TaskTimeChangeBody, 'all_unallocated'> & Partial<Pick<TaskTimeChangeBody, 'all_unallocated'>>;
export type AllocatedTime = Schemas['AllocatedTime'];
export type WorkDayTaskTime = Schemas['WorkDayTaskTime'];
export type TrackerState = Schemas['TrackerState'];
export type TrackerStatus = TrackerState['status'];
export type TrackerStartRequest = JsonRequest<paths['/api/work/task_tracker/start/']['post']>;
export type WorkDayTaskRequest = JsonRequest<paths['/api/work/workday_task/']['post']>;

// Shifts, the change log and the work-time table (issue 13).
export type WorkShift = Schemas['WorkShift'];
export type ShiftModificationRequest = JsonRequest<paths['/api/work/workshift/shift_modification/']['post']>;
export type ShiftStatusItem = Schemas['ShiftStatusItemRequest'];
export type WorkShiftNotesRequest = Schemas['PatchedWorkShiftNotesRequest'];
export type ChangeLogEntry = Schemas['ChangeLog'];
export type ChangeLogPage = Schemas['ChangeLogPage'];
export type WorktimeTable = Schemas['WorktimeTable'];
// History's week grid (issue 31).
export type WeekGrid = Schemas['WeekGrid'];
export type GridRow = Schemas['GridRow'];
export type GridTask = Schemas['GridTask'];
export type WorktimeRow = Schemas['WorktimeRow'];
export type TableShift = Schemas['TableShift'];
export type WorktimeTotals = Schemas['WorktimeTotals'];
export type TableUser = Schemas['TableUser'];
export type StatusHistoryEntry = Schemas['StatusHistoryEntry'];

// The workspace area and the team page (spec 02 §2, §3; docs/workspace-admin.md).
export type Member = Schemas['Member'];
export type MemberDetail = Schemas['MemberDetail'];
export type MemberPage = Schemas['MemberPage'];
export type MemberCreated = Schemas['MemberCreated'];
export type MemberCreateRequest = JsonRequest<paths['/api/workspace/members/']['post']>;
export type MemberUpdateRequest = NonNullable<JsonRequest<paths['/api/workspace/members/{user_id}/']['patch']>>;
export type TeamPageEntry = Schemas['TeamPageEntry'];
export type TeamPageRow = Schemas['TeamPageRow'];
export type ProjectPage = Schemas['ProjectPage'];
export type InvitationInfo = Schemas['InvitationInfo'];

// The calendar (issue 29, docs/calendar.md).
export type CalendarRead = Schemas['Calendar'];
export type CalendarDay = Schemas['CalendarDay'];
export type WorkedBlock = Schemas['WorkedBlock'];
export type PlannedBlock = Schemas['PlannedBlock'];
export type DayTaskTime = Schemas['DayTaskTime'];
export type CalendarFeed = Schemas['CalendarFeed'];
export type WeekStart = Schemas['WeekStartEnum'];
export type WorkspaceSettings = Schemas['WorkspaceSettings'];
// The shift guardian (issue 32, docs/guardian.md).
export type ShiftPrompt = Schemas['ShiftPrompt'];
export type ShiftPromptState = Schemas['ShiftPromptState'];
export type ShiftPromptAnswer = JsonRequest<paths['/api/work/shift_prompt/{id}/answer/']['post']>;
export type GuardianPolicy = NonNullable<WorkspaceSettings['guardian_policy']>;
export type WorkspaceSettingsRequest = Schemas['PatchedWorkspaceSettingsRequest'];
// Closing the week (issue 28, docs/closing.md).
export type Period = Schemas['Period'];
export type PeriodState = Schemas['PeriodStateEnum'];
export type ClosedSpan = Schemas['ClosedSpan'];
export type Correction = Schemas['Correction'];
export type CorrectionCreate = JsonRequest<paths['/api/work/correction/']['post']>;
export type PeriodDecide = JsonRequest<paths['/api/work/period/decide/']['post']>;
export type PeriodLock = JsonRequest<paths['/api/work/period/lock/']['post']>;

// The working-time account (issue 27, docs/timeaccount.md).
export type TimeAccountSummary = Schemas['TimeAccountSummary'];
export type TimeAccountPeriod = Schemas['TimeAccountPeriod'];
export type TimeAccountBalance = Schemas['TimeAccountBalance'];
export type TimeAccountPattern = Schemas['TimeAccountPattern'];
export type TimeAccountPatterns = Schemas['TimeAccountPatterns'];
export type TimeAccountAdjustment = Schemas['TimeAccountAdjustment'];
export type TimeAccountTeamSummary = Schemas['TimeAccountTeamSummary'];
export type TimeAccountPatternWrite = JsonRequest<paths['/api/work/time_account/schedules/']['post']>;
export type TimeAccountAdjustmentWrite = JsonRequest<paths['/api/work/time_account/adjustments/']['post']>;
export type TimeOffRequest = Schemas['TimeAccountTimeOffRequest'];
export type TimeOffType = Schemas['TimeAccountTimeOffType'];
export type TimeOffAllowance = Schemas['TimeAccountTimeOffAllowance'];
export type TimeOffCreate = JsonRequest<paths['/api/work/time_account/time_off/']['post']>;
export type TimeOffDecision = JsonRequest<paths['/api/work/time_account/time_off/decide/']['post']>;
export type TimeAccountHolidays = Schemas['TimeAccountHolidays'];
export type TimeAccountRegion = Schemas['TimeAccountRegion'];
export type TimeAccountHolidayWrite = JsonRequest<paths['/api/work/time_account/holidays/']['post']>;
export type TimeOffTypeWrite = JsonRequest<paths['/api/work/time_account/time_off_types/']['post']>;
export type TimeOffTypeUpdate = JsonRequest<paths['/api/work/time_account/time_off_types/{type_id}/']['patch']>;
export type TimeAccountRules = Schemas['TimeAccountRules'];
export type TimeAccountRulesWrite = JsonRequest<paths['/api/work/time_account/rules/']['put']>;
export type TimeAccountMemberWrite = JsonRequest<paths['/api/work/time_account/members/{user_id}/']['patch']>;
export type TimeAccountMember = Schemas['TimeAccountMember'];
// Single sign-on with OpenID Connect (issue 30, docs/security.md "Single sign-on").
export type SignInResponse = Schemas['SignInResponse'];
export type SsoProvider = Schemas['SsoProvider'];
export type SsoSettings = Schemas['SsoSettings'];
export type SsoSettingsRequest = JsonRequest<paths['/api/workspace/sso/']['put']>;
export type SsoTestResult = Schemas['SsoTestResult'];
// Reminders and the morning digest (issue 32, docs/reminders.md).
export type ReminderSettings = Schemas['ReminderSettings'];
export type ReminderSettingsUpdate = JsonRequest<paths['/api/accounts/me/reminders/']['patch']>;
export type ReminderLinkAnswer = Schemas['ReminderLinkAnswer'];
export type ReminderSwitchedOff = Schemas['ReminderSwitchedOff'];
export type Digest = Schemas['Digest'];
export type DigestMember = Schemas['DigestMember'];
