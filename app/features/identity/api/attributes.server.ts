/**
 * The user's attributes as the service names them (sub, email, given_name…), read and written.
 */
import type { UserRow } from "~/db/schema";
import { NAME_MAX } from "../rules";
import { fail, type Body } from "./wire.server";

export function userAttributes(user: UserRow) {
  const attributes: [string, string | null][] = [
    ["sub", user.id],
    ["email", user.email],
    ["email_verified", String(user.emailVerified)],
    ["given_name", user.firstName],
    ["family_name", user.lastName],
    ["phone_number", user.phoneNumber],
    ["phone_number_verified", user.phoneNumber ? String(user.phoneNumberVerified) : null],
  ];
  return attributes.filter(([, value]) => value !== null && value !== "").map(([Name, Value]) => ({ Name, Value }));
}

/** A list of {Name, Value} in the body (UserAttributes, ValidationData), or the service's error. */
export function readNameValues(body: Body, field: string): { Name: string; Value: string }[] {
  const raw = body[field];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((a) => !a || typeof a.Name !== "string" || typeof (a.Value ?? "") !== "string")) {
    fail("InvalidParameterException", `${field} must be a list of {Name, Value}`);
  }
  return (raw as { Name: string; Value?: string }[]).map((a) => ({ Name: a.Name, Value: a.Value ?? "" }));
}

export function readAttributes(body: Body): { Name: string; Value: string }[] {
  // Spec 5: 'sub' and '*_verified' are never set by a client.
  return readNameValues(body, "UserAttributes").filter((a) => a.Name !== "sub" && !a.Name.endsWith("_verified"));
}

export function nameValue(value: string, label: string) {
  const trimmed = value.trim();
  if (trimmed.length > NAME_MAX) fail("InvalidParameterException", `${label} can't be longer than 20 characters long`);
  return trimmed;
}
