// Every API type comes from the generated schema, so `npm run gen:api` is a drop-in refresh.
import type { components } from './schema';

type Schemas = components['schemas'];

export type UserDetails = Schemas['UserDetails'];
export type StatusRecord = Schemas['StatusRecord'];
export type StatusType = Schemas['StatusType'];
export type AuthTokenRequest = Schemas['AuthTokenRequest'];
export type AuthToken = Schemas['AuthToken'];
export type Detail = Schemas['Detail'];
export type StatusId = StatusRecord['status_enum_identifier'];
/** The statuses a user can set; leaving the office has its own call. */
export type InOfficeStatus = Exclude<StatusId, 'out_of_office'>;
