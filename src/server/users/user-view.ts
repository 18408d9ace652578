// The user record as the API answers it.

import type { JsonObject, UserRecord } from '../store/records.js';
import { propertyStateFromJson, readProperties } from './property-state.js';

export interface UserView {
  id: string;
  uid: string | null;
  display_name: string | null;
  email: string | null;
  properties: JsonObject;
  type_conflicts?: JsonObject;
  rejected_properties?: string[];
}

/** `{ id, uid, display_name, email, properties, type_conflicts? }`, plus `rejected_properties` when names were not captured. */
export function userView(user: UserRecord, rejectedProperties: readonly string[] = []): UserView {
  const { properties, typeConflicts } = readProperties(propertyStateFromJson(user.properties));
  const view: UserView = { id: user.id, uid: user.uid, display_name: user.displayName, email: user.email, properties };
  if (typeConflicts !== undefined) view.type_conflicts = typeConflicts;
  if (rejectedProperties.length > 0) view.rejected_properties = [...rejectedProperties];
  return view;
}
