// Every API type comes from the generated schema, so `npm run gen:api` is a drop-in refresh.
// Request bodies are read through `paths` (fixed by the spec) rather than by component name,
// which the schema generator may choose differently.
import type { components, paths } from './schema';

type Schemas = components['schemas'];
type JsonRequest<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

export type UserDetails = Schemas['UserDetails'];
export type StatusRecord = Schemas['StatusRecord'];
export type StatusType = Schemas['StatusType'];
export type AuthToken = Schemas['AuthToken'];
export type Detail = Schemas['Detail'];
export type AuthTokenRequest = JsonRequest<paths['/api/accounts/token/']['post']>;
export type StatusChangeRequest = JsonRequest<paths['/api/work/create_log_user_status/']['post']>;
export type StatusId = StatusRecord['status_enum_identifier'];
/** The statuses a user can set; leaving the office has its own call. */
export type InOfficeStatus = StatusChangeRequest['status_enum_identifier'];
export type CurrentStatusDuration = Schemas['CurrentStatusDuration'];
export type WorktimeSummary = Schemas['WorktimeSummary'];
export type NextCalendarSchedule = Schemas['NextCalendarSchedule'];
export type CalendarSession = Schemas['CalendarSession'];
export type Teammate = Schemas['Teammate'];
export type TeammatePin = Schemas['TeammatePin'];
export type InvisibleModeState = Schemas['InvisibleModeState'];
export type InvisibleModeRequest = JsonRequest<paths['/api/work/invisible_mode/']['post']>;
/** The fields of PATCH /api/accounts/me/ (sent as multipart so the avatar can travel with them). */
export type ProfileUpdate = Schemas['PatchedProfileUpdateRequest'];
